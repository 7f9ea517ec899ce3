/// What one product sold through Adyen costs and how long each period lasts: Adyen keeps neither, so the
/// app's configuration says.
public struct AdyenPlan: Sendable, Hashable {
    public var price: AdyenAmount
    public var period: AdyenBillingPeriod

    public init(price: AdyenAmount, period: AdyenBillingPeriod) {
        self.price = price
        self.period = period
    }
}
