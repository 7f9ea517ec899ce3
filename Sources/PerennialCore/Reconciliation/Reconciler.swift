/// Compares a store's report with Perennial's transactions: a pure function of both.
///
/// Perennial's side, by the report's rules: production transactions of the report's store that the
/// customer bought (not family-shared), not free trials, of the compared products; each paid transaction
/// counts on the day of `purchasedAt`, a refund (a cancellation that is not an upgrade) on the day of
/// `cancelledAt`, both in the report's time zone (`CivilDate(dayOf:in:)`). Only days the report covers are
/// compared in the direction "Perennial has, the store lacks".
///
/// - A report that names orders (Google Play's): by order id. An order the report charged or refunded that
///   Perennial has not (as a transaction, or as a refunded one) is missing from Perennial, whatever day
///   Perennial placed it on; an order Perennial has on a covered day that the report does not list is
///   missing from the store.
/// - An aggregated report (the App Store's): counts are compared per row period, product and kind.
public struct Reconciler: Sendable {
    /// The products compared (the app's catalog); nil compares every product. Report lines and
    /// transactions of other products (another app's) are left out.
    public var productIDs: Set<String>?

    public init(productIDs: Set<String>? = nil) {
        self.productIDs = productIDs
    }

    /// The differences between `report` and `facts`, day by day.
    public func reconcile(_ report: StoreReport, facts: [TransactionFact]) -> ReconciliationReport {
        let lines = report.lines.filter { line in line.productID.map { productIDs?.contains($0) ?? true } ?? true }
        let counted = countedEvents(of: facts, in: report)
        let periods = Self.periodStarts(of: report)
        let differences = report.kind.comparesOrders
            ? byOrder(lines: lines, events: counted, report: report)
            : byCount(lines: lines, events: counted, report: report, periods: periods)
        let byDay = Dictionary(grouping: differences, by: \.firstDay)
        var storeCounts: [CivilDate: Int] = [:], perennialCounts: [CivilDate: Int] = [:]
        for line in lines { storeCounts[line.firstDay, default: 0] += line.count }
        for event in counted where report.days.contains(event.day) {
            perennialCounts[periods[event.day] ?? event.day, default: 0] += event.count
        }
        let days = report.days.sorted().map { day in
            let mine = byDay[day] ?? []
            return ReconciliationReport.Day(
                day: day, storeCount: storeCounts[day] ?? 0, perennialCount: perennialCounts[day] ?? 0,
                missingFromPerennial: mine.filter(\.isMissingFromPerennial).sorted(by: Self.order),
                missingFromStore: mine.filter { !$0.isMissingFromPerennial }.sorted(by: Self.order)
            )
        }
        return ReconciliationReport(format: report.kind, timeZone: report.timeZone.identifier, days: days)
    }

    /// One thing Perennial counts: a paid transaction or a refund, on a day of the report's time zone.
    struct Event: Hashable {
        var day: CivilDate
        var kind: StoreReportLine.Kind
        var productID: String
        var transactionID: String
        var count: Int
    }

    func countedEvents(of facts: [TransactionFact], in report: StoreReport) -> [Event] {
        var events: [Event] = []
        for fact in facts where fact.store == report.store && fact.environment == .production
            && fact.ownership == .purchased && !fact.isTrialPeriod && (productIDs?.contains(fact.productID) ?? true) {
            guard report.kind.counts(fact) else { continue }
            let kind: StoreReportLine.Kind = report.kind.distinguishesRenewals && report.kind.isRenewal(fact) ? .renewal : .sale
            let count = max(fact.quantity, 1)
            events.append(Event(
                day: CivilDate(dayOf: fact.purchasedAt, in: report.timeZone), kind: kind, productID: fact.productID,
                transactionID: fact.transactionID, count: count))
            if let cancelled = fact.cancelledAt, !fact.isUpgraded {
                events.append(Event(
                    day: CivilDate(dayOf: cancelled, in: report.timeZone), kind: .refund, productID: fact.productID,
                    transactionID: fact.transactionID, count: count))
            }
        }
        return events
    }

    /// The first day of the row period each covered day belongs to (the day itself in a daily report; the
    /// Monday of a weekly row's week). A day two periods overlap on belongs to the earlier row's.
    static func periodStarts(of report: StoreReport) -> [CivilDate: CivilDate] {
        var starts: [CivilDate: CivilDate] = [:]
        for line in report.lines where line.lastDay > line.firstDay {
            for offset in 0...min(line.lastDay.days(since: line.firstDay), 366) {
                let day = line.firstDay.adding(days: offset)
                if starts[day] == nil { starts[day] = line.firstDay }
            }
        }
        return starts
    }

    static func order(_ lhs: ReconciliationDifference, _ rhs: ReconciliationDifference) -> Bool {
        (lhs.productID ?? "", lhs.kind, lhs.orderID ?? "") < (rhs.productID ?? "", rhs.kind, rhs.orderID ?? "")
    }
}
