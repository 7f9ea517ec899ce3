/// The metrics as CSV lines (written out by `CSVWriter`), for `Accept: text/csv` and `perennial metrics`.
public enum MetricCSV {
    /// `start,end,<each value's name>`, a line per point.
    public static func lines(_ points: [SubscriptionMetrics.Point]) -> [[String]] {
        let columns = Set(points.flatMap(\.values.keys)).sorted()
        return [["start", "end"] + columns] + points.map { point in
            [point.start.description, point.end.description] + columns.map { String(point.values[$0] ?? 0) }
        }
    }

    /// `cohort,subscriptions,renewal,retained,eligible,share`, a line per cohort and renewal that could have
    /// been reached; the average row's cohort is `average`.
    public static func lines(_ table: RetentionTable) -> [[String]] {
        var lines = [["cohort", "subscriptions", "renewal", "retained", "eligible", "share"]]
        func add(_ cohort: String, _ size: String, _ cells: [RetentionTable.Cell?]) {
            for (index, cell) in cells.enumerated() {
                guard let cell else { continue }
                lines.append([cohort, size, String(index + 1), String(cell.retained), String(cell.eligible), share(cell)])
            }
        }
        for row in table.rows { add(String(row.cohort.description.prefix(7)), String(row.subscriptions), row.renewals) }
        add("average", "", table.average)
        return lines
    }

    /// A share with four decimals, rounded half up (0.8333).
    public static func share(_ cell: RetentionTable.Cell) -> String {
        guard cell.eligible > 0 else { return "0.0000" }
        let scaled = (cell.retained * 20_000 / cell.eligible + 1) / 2
        let digits = String(scaled % 10_000)
        return "\(scaled / 10_000)." + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
