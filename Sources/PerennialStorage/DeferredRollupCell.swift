import PerennialCore

/// A difference to add to one row of `metric_rollups`, waiting for its transaction's commit
/// (`DatabaseSession.deferredRollupCells`); the cells a write deferred are summed by row first.
struct DeferredRollupCell: Sendable, Hashable {
    /// The row: the columns of the table's unique index. Rows are written in one exact order (so two writes
    /// lock the rows they share in the same order, and cannot deadlock on them).
    struct Row: Sendable, Hashable, Comparable {
        var appID: String
        var measure: String
        var day: Int64
        var environment: String
        var store: String
        var productID: String
        var country: String
        var shard: Int64

        /// Strings compared exactly (as the database does), not by canonical equivalence.
        static func == (lhs: Row, rhs: Row) -> Bool { lhs.ordering == rhs.ordering }

        static func < (lhs: Row, rhs: Row) -> Bool { lhs.ordering < rhs.ordering }

        func hash(into hasher: inout Hasher) {
            let (app, measure, day, place, product, shard) = ordering
            hasher.combine(app)
            hasher.combine(measure)
            hasher.combine(day)
            hasher.combine(place)
            hasher.combine(product)
            hasher.combine(shard)
        }

        private var ordering: (ExactString, ExactString, Int64, ExactString, ExactString, Int64) {
            (ExactString(appID), ExactString(measure), day, ExactString(environment + "\u{0}" + store),
             ExactString(productID + "\u{0}" + country), shard)
        }
    }

    var row: Row
    var value: Int64

    /// The cell in its period's row of `metric_rollup_periods` (`MetricRollupPeriod`).
    var inItsPeriod: DeferredRollupCell {
        var cell = self
        cell.row.day = MetricRollupPeriod.start(of: row.day)
        return cell
    }

    /// `cells` summed by row, rows whose sum is zero left out, in row order.
    static func summed(_ cells: [DeferredRollupCell]) -> [DeferredRollupCell] {
        var sums: [Row: Int64] = [:]
        for cell in cells { sums[cell.row, default: 0] += cell.value }
        return sums.filter { $0.value != 0 }.map { DeferredRollupCell(row: $0.key, value: $0.value) }.sorted { $0.row < $1.row }
    }
}
