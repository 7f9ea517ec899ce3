/// A store's way of taking a purchase that a client SDK sends as one opaque token, whatever the token's
/// kind (RevenueCat's `fetch_token`: an App Store receipt or signed transaction, a Google Play purchase
/// token). Compatibility surfaces hand the token to the store whose platform the SDK runs on; the store
/// validates it as its own routes do.
public protocol SDKPurchaseIntake: Sendable {
    /// The client platforms whose purchases go to this store, lowercased as SDKs name them in their
    /// platform header (`ios`, `macos`, `android`).
    var platforms: Set<String> { get }

    /// Validates the purchase and records it for the customer, as the store's own purchase route does.
    /// - Parameters:
    ///   - token: the token as the SDK sent it.
    ///   - productID: the product the SDK says was bought, when it says one (Google Play needs it).
    func submit(app: AppSettings, appUserID: String, token: String, productID: String?) async throws -> PurchaseSubmission
}
