import PerennialCore

/// One uploaded report's comparison as the reconciliation page shows it: a line per day, then each
/// difference with the side that has more.
struct ReconciliationResult: Sendable {
    struct Day: Sendable {
        var day: String
        var storeCount: String
        var perennialCount: String
        var result: String
        var matches: Bool
    }

    struct Difference: Sendable {
        /// `store` when the store counted what Perennial never saw, `perennial` for the reverse.
        var side: String
        var sideText: String
        var days: String
        /// The order (order-by-order reports) or the product the counts are of.
        var subject: String
        var kind: String
        var storeCount: String
        var perennialCount: String
        /// Perennial's transactions behind its count, the first ten.
        var transactions: String
    }

    var anchor: String
    var filename: String
    var title: String
    var timeZone: String
    var reconciled: Bool
    var days: [Day]
    var differences: [Difference]
    var hasDifferences: Bool

    init(_ report: ReconciliationReport, filename: String, anchor: String) {
        self.anchor = anchor
        self.filename = filename
        title = report.title
        timeZone = report.timeZone
        reconciled = report.isReconciled
        days = report.days.map { day in
            let count = day.missingFromPerennial.count + day.missingFromStore.count
            return Day(
                day: day.day.description, storeCount: CountText.count(Int64(day.storeCount)),
                perennialCount: CountText.count(Int64(day.perennialCount)),
                result: count == 0 ? "Matches" : "\(count) difference\(count == 1 ? "" : "s")", matches: count == 0)
        }
        differences = report.days.flatMap { day in
            day.missingFromPerennial.map { Self.difference($0, side: "store") } + day.missingFromStore.map { Self.difference($0, side: "perennial") }
        }
        hasDifferences = !differences.isEmpty
    }

    static func difference(_ difference: ReconciliationDifference, side: String) -> Difference {
        var subject = difference.productID ?? difference.productName ?? "All products"
        if let order = difference.orderID { subject = "Order \(order), \(subject)" }
        let shown = difference.transactionIDs.prefix(10).joined(separator: ", ")
        return Difference(
            side: side, sideText: side == "store" ? "The store counted, Perennial never saw" : "Perennial has, the report does not",
            days: difference.lastDay == difference.firstDay ? difference.firstDay.description : "\(difference.firstDay) to \(difference.lastDay)",
            subject: subject, kind: difference.kind.rawValue, storeCount: CountText.count(Int64(difference.storeCount)),
            perennialCount: CountText.count(Int64(difference.perennialCount)),
            transactions: shown + (difference.transactionIDs.count > 10 ? ", …" : ""))
    }
}
