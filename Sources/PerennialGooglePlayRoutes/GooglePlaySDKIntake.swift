import PerennialGooglePlayAdapter
import PerennialServices

/// Google Play's purchases as RevenueCat's Android SDK sends them: the purchase token in `fetch_token`
/// and the product in `product_ids`, validated as `POST /v1/google/purchases` validates them.
struct GooglePlaySDKIntake: SDKPurchaseIntake {
    let purchases: PlayPurchaseService

    let platforms: Set<String> = ["android"]

    func submit(app: AppSettings, appUserID: String, token: String, productID: String?) async throws -> PurchaseSubmission {
        guard let productID, !productID.isEmpty else {
            throw PerennialError(.badRequest, "a Google Play purchase needs its product id (product_ids)")
        }
        return try await purchases.submit(app: app, appUserID: appUserID, purchaseToken: token, productID: productID)
    }
}
