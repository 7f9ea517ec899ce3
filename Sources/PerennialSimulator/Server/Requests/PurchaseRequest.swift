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
    /// A promotional offer to redeem (version 1 fields or a version 2 `jws`).
    var promotionalOffer: PromotionalOfferRequest?

    enum CodingKeys: String, CodingKey {
        case account, environment, offer
        case appAccountToken = "app_account_token"
        case promotionalOffer = "promotional_offer"
        case bundleID = "bundle_id"
        case productID = "product_id"
    }
}
