/// One of a plan's `billing_cycles`: a tenure (`TRIAL` or `REGULAR`), its order, how often it bills and
/// how many times (0: until cancelled), and its price (none or zero for a free trial).
public struct PayPalBillingCycle: Sendable, Hashable, Codable {
    public var frequency: PayPalFrequency
    public var tenureType: String
    public var sequence: Int
    public var totalCycles: Int?
    public var pricingScheme: PayPalPricingScheme?

    public init(frequency: PayPalFrequency, tenureType: String, sequence: Int, totalCycles: Int?, pricingScheme: PayPalPricingScheme?) {
        self.frequency = frequency
        self.tenureType = tenureType
        self.sequence = sequence
        self.totalCycles = totalCycles
        self.pricingScheme = pricingScheme
    }

    enum CodingKeys: String, CodingKey {
        case frequency, tenureType = "tenure_type", sequence, totalCycles = "total_cycles", pricingScheme = "pricing_scheme"
    }

    /// Whether the cycle is a trial.
    public var isTrial: Bool { tenureType == "TRIAL" }

    /// Whether the cycle costs nothing.
    public var isFree: Bool { !(pricingScheme?.fixedPrice?.isPositive ?? false) }
}
