import PerennialCore

/// A customer's revenue, computed from their stored transactions whenever asked (never from a counter), so
/// a late fact or a refund is always counted: `GET /v1/admin/customers/{app_user_id}/revenue`.
public struct RevenueService: Sendable {
    let ledger: any Ledger

    public init(ledger: any Ledger) {
        self.ledger = ledger
    }

    /// Every sale and refund of the customer an id names (through its aliases), by when it happened; nil when
    /// the customer is unknown.
    public func revenue(app: AppSettings, appUserID: String) async throws -> CustomerRevenue? {
        let calculator = RevenueCalculator(catalog: app.catalog, schedules: app.revenue.schedules, rates: app.revenue.rates)
        return try await ledger.read { session in
            let owner = try await session.aliasTarget(appID: app.id, alias: appUserID) ?? appUserID
            guard try await session.customer(appID: app.id, appUserID: owner) != nil else { return nil }
            var entries: [RevenueEntry] = []
            for state in try await session.subscriptions(appID: app.id, appUserID: owner) {
                entries += calculator.entries(for: try await session.transactions(appID: app.id, subscription: state.key))
            }
            entries.sort(by: RevenueEntry.chronologically)
            return CustomerRevenue(appUserID: owner, entries: entries, reportingCurrency: app.revenue.rates?.reportingCurrency)
        }
    }
}
