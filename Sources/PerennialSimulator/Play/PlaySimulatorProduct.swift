/// A Play subscription product of the simulator: one base plan, its billing period, an optional free trial
/// and an optional introductory price (a discounted first period, or several), with the durations of Play's test environment (license testers): the periods renew in minutes.
public struct PlaySimulatorProduct: Sendable, Hashable, Codable {
    public var productID: String
    public var basePlanID: String
    /// The billing period: `P1W`, `P1M`, `P3M`, `P6M` or `P1Y`.
    public var billingPeriod: String
    public var recurringPriceMicros: Int64
    public var currency: String
    /// The free trial offer's id, when the base plan has one.
    public var freeTrialOfferID: String?
    /// The introductory price offer's id, when the base plan has one.
    public var introductoryOfferID: String?
    /// What each introductory period costs.
    public var introductoryPriceMicros: Int64
    /// How many periods the introductory price lasts.
    public var introductoryPeriods: Int

    public init(
        productID: String, basePlanID: String, billingPeriod: String = "P1M", recurringPriceMicros: Int64 = 4_990_000,
        currency: String = "USD", freeTrialOfferID: String? = nil, introductoryOfferID: String? = nil,
        introductoryPriceMicros: Int64 = 990_000, introductoryPeriods: Int = 1
    ) {
        self.productID = productID
        self.basePlanID = basePlanID
        self.billingPeriod = billingPeriod
        self.recurringPriceMicros = recurringPriceMicros
        self.currency = currency
        self.freeTrialOfferID = freeTrialOfferID
        self.introductoryOfferID = introductoryOfferID
        self.introductoryPriceMicros = introductoryPriceMicros
        self.introductoryPeriods = max(1, introductoryPeriods)
    }

    /// How long a period lasts for a license tester, in minutes (Play's test renewal table): a week or a
    /// month 5, three months 10, six months 15, a year 30.
    public var testPeriodMinutes: Int64 {
        switch billingPeriod {
        case "P3M": 10
        case "P6M": 15
        case "P1Y": 30
        default: 5
        }
    }
}
