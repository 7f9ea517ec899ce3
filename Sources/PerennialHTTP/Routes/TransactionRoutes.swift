import Hummingbird
import PerennialServices

/// `POST /v1/transactions`: the app sends a StoreKit 2 signed transaction (`Transaction.jwsRepresentation`)
/// for a customer.
struct TransactionRoutes {
    struct Body: Decodable {
        var appUserID: String
        var signedTransaction: String

        enum CodingKeys: String, CodingKey {
            case appUserID = "app_user_id", signedTransaction = "signed_transaction"
        }
    }

    let dependencies: HTTPDependencies

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.post("transactions") { request, context -> CustomerResponse in
            let app = try context.requireApp()
            let body = try await request.decode(as: Body.self, context: context)
            let view = try await dependencies.transactions.submit(
                app: app, appUserID: body.appUserID, signedTransaction: body.signedTransaction
            )
            return CustomerResponse(view)
        }
    }
}
