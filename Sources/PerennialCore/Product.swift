/// A product an app sells, as declared in its catalog.
public struct Product: Sendable, Hashable {
    /// The store's product identifier (`product_id`; on Google Play the subscription's product id).
    public var id: String
    /// The one store this declaration is for; nil: the identifier on every store.
    public var store: Store?
    /// Google Play: the base plans of the subscription the app sells (checked by `perennial doctor`); every
    /// base plan grants the product's entitlements.
    public var basePlanIDs: [String]
    /// What kind of product it is.
    public var type: ProductType
    /// The subscription group, for auto-renewable subscriptions.
    public var subscriptionGroup: String?
    /// The rank inside its group: 1 is the highest tier, as in App Store Connect. Optional; when both
    /// sides of a product change have one, the change is classified as upgrade, downgrade or crossgrade.
    public var groupLevel: Int?
    /// How long one purchase of a non-renewing subscription grants access, in days.
    public var durationDays: Int?
    /// The entitlements ("pro") a purchase of this product grants.
    public var entitlements: [String]
    /// The promotional offers the app may sign for this product (App Store Connect allows ten).
    public var offers: [SubscriptionOffer]
    /// The list price, for revenue when a store does not say what a purchase cost (receipts); such revenue
    /// is marked estimated.
    public var price: Money?

    public init(
        id: String, type: ProductType, subscriptionGroup: String? = nil, groupLevel: Int? = nil,
        durationDays: Int? = nil, entitlements: [String], offers: [SubscriptionOffer] = [], store: Store? = nil,
        basePlanIDs: [String] = [], price: Money? = nil
    ) {
        self.price = price
        self.id = id
        self.store = store
        self.basePlanIDs = basePlanIDs
        self.type = type
        self.subscriptionGroup = subscriptionGroup
        self.groupLevel = groupLevel
        self.durationDays = durationDays
        self.entitlements = entitlements
        self.offers = offers
    }
}
