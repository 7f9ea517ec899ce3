/// One subscription's part in one measure on one day (UTC), by product and country: what the metric
/// rollups add up. A stock measure (`active.*`, `mrr.*`, `state_mix.*`: what is true at the end of a day) contributes
/// its changes — +1 on the day a subscription becomes active, −1 on the day it stops — so that its value
/// on a day is the sum of everything up to that day; a flow measure (starts, churn, renewals, revenue)
/// contributes on the day it happened. Cohort measures (`retention.*`, `cohort.*`) sit on the first day of
/// the month the subscription's first paid period began.
public struct MetricContribution: Sendable, Hashable, Codable, Comparable {
    /// Days since 1970-01-01 (UTC).
    public var day: Int
    /// The measure's name (`MetricMeasure`).
    public var measure: String
    /// The product the subscription was on.
    public var productID: String
    /// The storefront's country as the store gives it; empty when the store does not say.
    public var country: String
    /// A count, or an amount: minor units, or millionths of a minor unit for `mrr.*` and `mrr_movement.*`.
    public var value: Int64

    public init(day: Int, measure: String, productID: String, country: String, value: Int64) {
        self.day = day
        self.measure = measure
        self.productID = productID
        self.country = country
        self.value = value
    }

    /// Where a contribution is added: everything but its value.
    public struct Cell: Sendable, Hashable, Comparable {
        public var day: Int
        public var measure: String
        public var productID: String
        public var country: String

        public static func < (lhs: Cell, rhs: Cell) -> Bool {
            (lhs.day, lhs.measure, lhs.productID, lhs.country) < (rhs.day, rhs.measure, rhs.productID, rhs.country)
        }
    }

    public var cell: Cell { Cell(day: day, measure: measure, productID: productID, country: country) }

    public static func < (lhs: MetricContribution, rhs: MetricContribution) -> Bool {
        lhs.cell < rhs.cell || (lhs.cell == rhs.cell && lhs.value < rhs.value)
    }

    /// Contributions summed by cell, zeros left out, in order.
    public static func combined(_ values: [(Cell, Int64)]) -> [MetricContribution] {
        var sums: [Cell: Int64] = [:]
        for (cell, value) in values { sums[cell, default: 0] += value }
        return sums.compactMap { cell, value in
            value == 0 ? nil : MetricContribution(day: cell.day, measure: cell.measure, productID: cell.productID, country: cell.country, value: value)
        }.sorted()
    }

    /// What turns `old` into `new` when added: `new` − `old` by cell, zeros left out. A fold that changes a
    /// subscription's history adds this to the rollups, so a late fact corrects exactly the days it touches.
    public static func difference(from old: [MetricContribution], to new: [MetricContribution]) -> [MetricContribution] {
        combined(new.map { ($0.cell, $0.value) } + old.map { ($0.cell, -$0.value) })
    }
}
