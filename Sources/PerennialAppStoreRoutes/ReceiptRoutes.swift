import Hummingbird
import PerennialAppStoreAdapter
import PerennialHTTP
import PerennialServices

/// `POST /v1/receipts`: the app sends its App Store receipt for a customer.
struct ReceiptRoutes {
    struct Body: Decodable {
        var appUserID: String
        var receiptData: String

        enum CodingKeys: String, CodingKey {
            case appUserID = "app_user_id", receiptData = "receipt_data"
        }
    }

    let receipts: ReceiptService

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.post("receipts") { request, context -> Response in
            let app = try context.requireApp()
            let body = try await request.decode(as: Body.self, context: context)
            try AppUserIDRule.validated(body.appUserID)
            let submission = try await receipts.submit(app: app, appUserID: body.appUserID, receiptData: body.receiptData)
            return try PurchaseResponse.answer(submission, request: request, context: context)
        }
    }
}
