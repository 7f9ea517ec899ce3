import PerennialCore

/// One arm of an experiment (a variant, or the holdout) as its results endpoint reports it. Every count is
/// of customers, from their first exposure on (`ExperimentResults`).
public struct ExperimentArmResult: Sendable, Hashable {
    /// Revenue per exposed customer over a window after their exposure.
    public struct Revenue: Sendable, Hashable {
        public var days: Int
        /// Customers exposed at least `days` ago: the only ones counted, so a young exposure does not read as
        /// a customer who paid nothing.
        public var customers: Int
        /// Sums over those customers, in minor units of the results' currency.
        public var price: Int64
        public var proceeds: Int64
        /// Proceeds per customer, in minor units, with the bootstrap's 95% interval and the probability this
        /// arm is best (variants only).
        public var proceedsPerCustomer: Double
        public var interval: ClosedRange<Double>?
        public var probabilityBest: Double?
    }

    public var id: String
    public var paywallID: String?
    public var exposures: Int
    public var trialStarts: Int
    public var conversions: Int
    public var conversionRate: Double
    /// The posterior's 95% credible interval of the conversion rate and the probability this arm converts
    /// best (variants only).
    public var credibleInterval: ClosedRange<Double>?
    public var probabilityBest: Double?
    public var refunds: Int
    /// Customers who renewed at least once, and at least twice, after converting.
    public var renewedOnce: Int
    public var renewedTwice: Int
    public var revenue: [Revenue]
    /// Paywall events the app reported, by type.
    public var paywallEvents: [String: Int]
}
