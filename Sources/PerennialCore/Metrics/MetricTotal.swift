/// One measure's sum on one day over the cells a query kept (an environment, a store, a product, a
/// country): what the rollups answer, and what `MetricSeries` turns into a metric's points.
public struct MetricTotal: Sendable, Hashable {
    /// Days since 1970-01-01 (UTC).
    public var day: Int
    public var measure: String
    public var value: Int64

    public init(day: Int, measure: String, value: Int64) {
        self.day = day
        self.measure = measure
        self.value = value
    }

    /// The totals of contributions (already filtered), summed by day and measure; zeros left out, as the rollups
    /// leave them out.
    public static func of(_ contributions: [MetricContribution]) -> [MetricTotal] {
        var sums: [DayMeasure: Int64] = [:]
        for contribution in contributions {
            sums[DayMeasure(day: contribution.day, measure: contribution.measure), default: 0] += contribution.value
        }
        return sums.compactMap { $0.value == 0 ? nil : MetricTotal(day: $0.key.day, measure: $0.key.measure, value: $0.value) }
    }

    private struct DayMeasure: Hashable {
        var day: Int
        var measure: String
    }
}
