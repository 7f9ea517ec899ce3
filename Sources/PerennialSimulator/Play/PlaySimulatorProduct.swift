/// A Play subscription product of the simulator: one base plan, its billing period, an optional free trial
/// and an optional introductory price (a discounted first period, or several), an optional sales tax, with
/// the durations of Play's test environment (license testers): the periods renew in minutes.
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
    /// The sales tax charged on top of each price, in basis points (725 is 7.25%), as in the US where the
    /// listed price excludes tax; nil or 0: none.
    public var salesTaxBasisPoints: Int?

    public init(
        productID: String, basePlanID: String, billingPeriod: String = "P1M", recurringPriceMicros: Int64 = 4_990_000,
        currency: String = "USD", freeTrialOfferID: String? = nil, introductoryOfferID: String? = nil,
        introductoryPriceMicros: Int64 = 990_000, introductoryPeriods: Int = 1, salesTaxBasisPoints: Int? = nil
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
        self.salesTaxBasisPoints = salesTaxBasisPoints
    }

    /// What a period of `phase` is listed at: nothing in a free trial, the introductory or the recurring price.
    func listingPriceMicros(in phase: PlayOfferPhase) -> Int64 {
        switch phase {
        case .freeTrial: 0
        case .introductory: introductoryPriceMicros
        case .base: recurringPriceMicros
        }
    }

    /// The sales tax on `listingPriceMicros`, rounded half up to the currency's minor unit.
    func salesTaxMicros(on listingPriceMicros: Int64) -> Int64 {
        PlayMicros.share(basisPoints: salesTaxBasisPoints ?? 0, of: listingPriceMicros, currency: currency)
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
