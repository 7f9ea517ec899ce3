/// A promotional offer the app can sign for one product, and who is eligible for it.
public struct SubscriptionOffer: Sendable, Hashable {
    /// The offer identifier from App Store Connect.
    public var id: String
    public var productID: String
    public var paymentMode: OfferPaymentMode
    /// How many periods the offer covers.
    public var periods: Int
    /// The offer price as App Store Connect shows it (nil for free offers).
    public var price: String?
    public var rule: OfferRule
    /// How many signatures one customer may be given for this offer; nil for no limit.
    public var maximumRedemptions: Int?
    /// Days after any offer signature before the customer may be given another; nil for none.
    public var cooldownDays: Int?

    public init(
        id: String, productID: String, paymentMode: OfferPaymentMode, periods: Int, price: String? = nil,
        rule: OfferRule = .anySubscriber, maximumRedemptions: Int? = nil, cooldownDays: Int? = nil
    ) {
        self.id = id
        self.productID = productID
        self.paymentMode = paymentMode
        self.periods = periods
        self.price = price
        self.rule = rule
        self.maximumRedemptions = maximumRedemptions
        self.cooldownDays = cooldownDays
    }
}
