/// One payment a store makes to the developer: when it is paid and which days' revenue it pays for.
public struct StorePayment: Hashable, Sendable {
    /// The store's name for the payment, if it has one: Apple's fiscal month (`October 2023`), Google Play's
    /// earnings month (`January 2024`); nil for Stripe payouts.
    public var label: String?
    /// The day the store pays (initiates the transfer; the bank may credit it later).
    public var paymentDate: CivilDate
    /// The first day whose revenue (Stripe: charges) the payment covers.
    public var revenuePeriodStart: CivilDate
    /// The last day whose revenue the payment covers, inclusive.
    public var revenuePeriodEnd: CivilDate

    /// Creates a payment row.
    public init(label: String?, paymentDate: CivilDate, revenuePeriodStart: CivilDate, revenuePeriodEnd: CivilDate) {
        self.label = label
        self.paymentDate = paymentDate
        self.revenuePeriodStart = revenuePeriodStart
        self.revenuePeriodEnd = revenuePeriodEnd
    }
}
