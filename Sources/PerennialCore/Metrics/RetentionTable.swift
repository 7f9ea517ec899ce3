/// WWDC18's retention table: for each cohort (the month subscriptions' first paid period began), how many
/// of them went on to each consecutive renewal, 1 to 12, and what share, with a weighted average row.
///
/// A cohort's cell for renewal k counts the subscriptions with at least k + 1 consecutive paid periods
/// (`SubscriptionCohort`). Its share is of the subscriptions that could have reached it: those still going
/// with fewer periods have not had the chance yet and are left out of the denominator, so a recent cohort
/// is not shown as churned. A cell nobody could have reached yet is nil. The average row divides, for each
/// renewal, the cohorts' retained subscriptions by their eligible ones (a weighted average).
public struct RetentionTable: Sendable, Hashable {
    /// One renewal's figures in one cohort, or in the average row.
    public struct Cell: Sendable, Hashable {
        /// Subscriptions that reached the renewal.
        public var retained: Int64
        /// Subscriptions that could have: all but those still going that have not got there yet.
        public var eligible: Int64
        /// `retained` ÷ `eligible`, between 0 and 1.
        public var share: Double { eligible == 0 ? 0 : Double(retained) / Double(eligible) }
    }

    /// One cohort.
    public struct Row: Sendable, Hashable {
        /// The first day of the cohort's month.
        public var cohort: CivilDate
        /// Subscriptions that began a paid period in the month.
        public var subscriptions: Int64
        /// Renewals 1 to 12; nil where no subscription of the cohort could have reached it yet.
        public var renewals: [Cell?]
    }

    /// How many consecutive renewals the table follows.
    public static let renewals = 12

    public var rows: [Row]
    /// The weighted average of each renewal over the cohorts; nil where no cohort could have reached it.
    public var average: [Cell?]

    /// The table of `cohorts` (first days of months) from the `retention.*` totals.
    public init(totals: [MetricTotal], cohorts: [CivilDate]) {
        var streaks: [Int: [(live: Bool, periods: Int, count: Int64)]] = [:]
        for total in totals {
            let parts = total.measure.dropFirst(MetricMeasure.retentionPrefix.count).split(separator: ".")
            guard parts.count == 2, let periods = Int(parts[1]) else { continue }
            streaks[total.day, default: []].append((parts[0] == "live", periods, total.value))
        }
        var sums = [Cell](repeating: Cell(retained: 0, eligible: 0), count: Self.renewals)
        rows = cohorts.map { cohort in
            let members = streaks[cohort.daysSince1970] ?? []
            let size = members.reduce(0) { $0 + $1.count }
            let cells: [Cell?] = (1...Self.renewals).map { renewal in
                let retained = members.filter { $0.periods >= renewal + 1 }.reduce(0) { $0 + $1.count }
                let waiting = members.filter { $0.live && $0.periods < renewal + 1 }.reduce(0) { $0 + $1.count }
                let eligible = size - waiting
                guard eligible > 0 else { return nil }
                sums[renewal - 1].retained += retained
                sums[renewal - 1].eligible += eligible
                return Cell(retained: retained, eligible: eligible)
            }
            return Row(cohort: cohort, subscriptions: size, renewals: cells)
        }
        average = sums.map { $0.eligible > 0 ? $0 : nil }
    }
}
