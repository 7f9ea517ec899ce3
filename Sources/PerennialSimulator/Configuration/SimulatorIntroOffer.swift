/// A pay-as-you-go introductory offer: the first `periods` periods of `period` each are discounted and
/// carry `is_in_intro_offer_period` "true".
public struct SimulatorIntroOffer: Sendable, Hashable, Codable {
    /// How many discounted periods (1 or more).
    public var periods: Int
    /// The length of one discounted period.
    public var period: SimulatorPeriod

    public init(periods: Int, period: SimulatorPeriod) {
        self.periods = periods
        self.period = period
    }
}
