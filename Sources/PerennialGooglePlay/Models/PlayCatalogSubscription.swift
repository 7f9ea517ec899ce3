/// A subscription product as Play Console defines it (`monetization.subscriptions`): its product id and
/// base plans, each with its state. Unknown fields are ignored; states Google adds later are kept raw.
public struct PlayCatalogSubscription: Sendable, Hashable, Decodable {
    public struct BasePlan: Sendable, Hashable, Decodable {
        public var basePlanId: String
        /// `ACTIVE`, `INACTIVE`, `DRAFT` (never activated) or `STATE_UNSPECIFIED`.
        public var state: String?

        public init(basePlanId: String, state: String?) {
            self.basePlanId = basePlanId
            self.state = state
        }
    }

    public var productId: String
    public var basePlans: [BasePlan]?
    /// Set on subscriptions Google archived (they can no longer be bought).
    public var archived: Bool?

    public init(productId: String, basePlans: [BasePlan]?, archived: Bool? = nil) {
        self.productId = productId
        self.basePlans = basePlans
        self.archived = archived
    }
}
