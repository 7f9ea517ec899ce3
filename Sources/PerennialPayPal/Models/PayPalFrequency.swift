/// How often a billing cycle bills: `interval_unit` (`DAY`, `WEEK`, `MONTH`, `YEAR`) times `interval_count`.
public struct PayPalFrequency: Sendable, Hashable, Codable {
    public var intervalUnit: String
    public var intervalCount: Int?

    public init(intervalUnit: String, intervalCount: Int?) {
        self.intervalUnit = intervalUnit
        self.intervalCount = intervalCount
    }

    enum CodingKeys: String, CodingKey {
        case intervalUnit = "interval_unit", intervalCount = "interval_count"
    }
}
