import Hummingbird
import PerennialAppStoreAdapter
import PerennialHTTP
import PerennialServices

/// `POST /v1/transactions`: the app sends a StoreKit 2 signed transaction (`Transaction.jwsRepresentation`)
/// for a customer. 200 `{"status": "validated", "customer": …}` once verified, the shape `POST /v1/receipts`
/// answers; 202 `{"status": "pending", "customer": …}` when Apple could not answer and the transaction was
/// queued (it completes without the app retrying).
struct TransactionRoutes {
    struct Body: Decodable {
        var appUserID: String
        var signedTransaction: String

        enum CodingKeys: String, CodingKey {
            case appUserID = "app_user_id", signedTransaction = "signed_transaction"
        }
    }

    let transactions: SignedTransactionService

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.post("transactions") { request, context -> Response in
            let app = try context.requireApp()
            let body = try await request.decode(as: Body.self, context: context)
            try AppUserIDRule.validated(body.appUserID)
            let submission = try await transactions.submit(
                app: app, appUserID: body.appUserID, signedTransaction: body.signedTransaction
            )
            return try PurchaseResponse.answer(submission, request: request, context: context)
        }
    }
}
