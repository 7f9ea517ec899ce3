import PerennialCore

/// `perennial reconcile`: compares the stores' own reports with what Perennial recorded. Reads, through the
/// ledger, the app's subscriptions of the reports' stores that have a transaction bought or refunded near
/// the reports' days, and runs `Reconciler` on each report.
///
/// Products outside the app's catalog are left out on both sides (a developer account's report lists every
/// app); with an empty catalog every product is compared.
public struct ReconciliationService: Sendable {
    /// How far around the reports' days transactions are read: a report's day in its own time zone starts
    /// and ends within a day of UTC, and Perennial may date a Play renewal by when it first saw it.
    public static let marginDays = 7

    let ledger: any Ledger

    public init(ledger: any Ledger) {
        self.ledger = ledger
    }

    /// One reconciliation per report, in the order given.
    public func reconcile(app: AppSettings, reports: [StoreReport]) async throws -> [ReconciliationReport] {
        let products = app.catalog.products.isEmpty ? nil : Set(app.catalog.products.map(\.id))
        let reconciler = Reconciler(productIDs: products)
        let days = reports.flatMap(\.days)
        guard let first = days.min(), let last = days.max() else {
            return reports.map { reconciler.reconcile($0, facts: []) }
        }
        let stores = Set(reports.map(\.store))
        let from = first.adding(days: -Self.marginDays), through = last.adding(days: Self.marginDays)
        let histories = try await ledger.subscriptionHistories(appID: app.id, withRenewalInfos: false) { key, transactions in
            guard stores.contains(key.store) else { return false }
            return transactions.contains { fact in
                let bought = CivilDate(utcDayOf: fact.purchasedAt)
                let refunded = fact.cancelledAt.map { CivilDate(utcDayOf: $0) }
                return (from...through).contains(bought) || refunded.map { (from...through).contains($0) } == true
            }
        }
        let facts = histories.flatMap(\.transactions)
        return reports.map { reconciler.reconcile($0, facts: facts) }
    }
}
