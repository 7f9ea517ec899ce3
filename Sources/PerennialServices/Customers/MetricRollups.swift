import PerennialCore

/// Keeps the metric rollups exact in the same write that folds a subscription: its contributions are
/// computed again from all its facts (`SubscriptionContributions`), and only the difference from those
/// stored before is added to the rollups — so a late or out-of-order fact corrects exactly the past days it
/// touches, and a fold that changes nothing writes nothing.
enum MetricRollups {
    /// Writes the difference between the subscription's contributions now and those stored (`stored`, when
    /// the caller has read them already).
    static func update(
        _ key: SubscriptionKey, environment: StoreEnvironment, owner: String?, transactions: [TransactionFact], renewalInfos: [RenewalInfoFact],
        app: AppSettings, at now: Instant, stored: [MetricContribution]? = nil, in ledger: any LedgerSession
    ) async throws {
        let stored = if let stored { stored } else { try await ledger.metricContributions(appID: app.id, subscription: key) }
        guard let replacement = replacement(
            key, environment: environment, owner: owner, transactions: transactions, renewalInfos: renewalInfos, app: app, at: now,
            stored: stored)
        else { return }
        try await ledger.replaceMetricContributions(appID: app.id, [replacement])
    }

    /// The subscription's contributions now and their difference from `stored`; nil when there is none.
    static func replacement(
        _ key: SubscriptionKey, environment: StoreEnvironment, owner: String?, transactions: [TransactionFact], renewalInfos: [RenewalInfoFact],
        app: AppSettings, at now: Instant, stored: [MetricContribution]
    ) -> MetricContributionReplacement? {
        let contributions = SubscriptionContributions(catalog: app.catalog, schedules: app.revenue.schedules)
            .contributions(transactions: transactions, renewalInfos: renewalInfos, through: now)
        let difference = MetricContribution.difference(from: stored, to: contributions)
        guard !difference.isEmpty else { return nil }
        return MetricContributionReplacement(
            subscription: key, environment: environment, owner: owner, contributions: contributions, difference: difference)
    }
}
