import Hummingbird
import PerennialGooglePlayAdapter
import PerennialHTTP
import PerennialServices

/// Google Play's routes beyond its notification endpoint: `POST /v1/google/purchases`
/// `{app_user_id, purchase_token, product_id}`, what an Android app sends after a purchase. 200
/// `{"status": "validated", "customer": …}` once Google confirmed it (the shape `POST /v1/receipts` answers);
/// 202 `{"status": "pending", …}` when Google could not answer and the purchase was queued.
public struct GooglePlayRoutes: StoreRoutes {
    struct Body: Decodable {
        var appUserID: String
        var purchaseToken: String
        var productID: String

        enum CodingKeys: String, CodingKey {
            case appUserID = "app_user_id", purchaseToken = "purchase_token", productID = "product_id"
        }
    }

    let purchases: PlayPurchaseService

    public init(purchases: PlayPurchaseService) {
        self.purchases = purchases
    }

    public func add(v1: RouterGroup<PerennialRequestContext>, admin: RouterGroup<PerennialRequestContext>) {
        v1.post("google/purchases") { request, context -> Response in
            let app = try context.requireApp()
            let body = try await request.decode(as: Body.self, context: context)
            let submission = try await purchases.submit(
                app: app, appUserID: body.appUserID, purchaseToken: body.purchaseToken, productID: body.productID
            )
            return try PurchaseResponse.answer(submission, request: request, context: context)
        }
    }
}
