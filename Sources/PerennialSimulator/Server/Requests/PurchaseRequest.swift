/// `POST /simulator/purchases`.
struct PurchaseRequest: Decodable {
    var account: String
    var bundleID: String
    var productID: String
    /// sandbox (default) or production.
    var environment: String?
    /// none (default), trial or intro.
    var offer: SimulatorOffer?
    /// A UUID the app attaches to the purchase.
    var appAccountToken: String?

    enum CodingKeys: String, CodingKey {
        case account, environment, offer
        case appAccountToken = "app_account_token"
        case bundleID = "bundle_id"
        case productID = "product_id"
    }
}
