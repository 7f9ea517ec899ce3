/// An offer of a base plan as Play Console defines it (`monetization.subscriptions.basePlans.offers`).
public struct PlayCatalogOffer: Sendable, Hashable, Decodable {
    public var productId: String?
    public var basePlanId: String
    public var offerId: String
    /// `ACTIVE`, `INACTIVE`, `DRAFT` or `STATE_UNSPECIFIED`.
    public var state: String?

    public init(productId: String?, basePlanId: String, offerId: String, state: String?) {
        self.productId = productId
        self.basePlanId = basePlanId
        self.offerId = offerId
        self.state = state
    }
}
