import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// The most subscriptions whose contributions one statement replaces.
    static let contributionBatch = 200

    /// Stores the subscriptions' contributions and, for those whose difference touches their cohort, their
    /// lifetime value rows; refreshes each of their owners' lifetime value once, after all of them; adds the
    /// differences to the rollups as the write commits. A subscription given twice is replaced twice, in turn.
    ///
    /// Per `contributionBatch` subscriptions, in key order: on PostgreSQL one statement (the contributions, the
    /// lifetime rows and the stale currencies' removal in a data-modifying `WITH`: they touch different rows),
    /// the last one also taking the owners' locks in order; on SQLite the two upserts, then a removal per
    /// subscription (`removalStatements`). Then the owners' refresh: one read and a write or two, whatever
    /// their number.
    public func replaceMetricContributions(appID: String, _ replacements: [MetricContributionReplacement]) async throws {
        var run: [MetricContributionReplacement] = []
        var seen: Set<StoreRowKey> = []
        for replacement in replacements {
            if !seen.insert(StoreRowKey(replacement.subscription)).inserted {
                try await replaceContributions(appID: appID, run)
                run = []
                seen = [StoreRowKey(replacement.subscription)]
            }
            run.append(replacement)
        }
        try await replaceContributions(appID: appID, run)
    }

    /// `replaceMetricContributions` for subscriptions given once each.
    private func replaceContributions(appID: String, _ replacements: [MetricContributionReplacement]) async throws {
        guard !replacements.isEmpty else { return }
        let sorted = replacements.sorted { StoreRowKey($0.subscription) < StoreRowKey($1.subscription) }
        let owners = Set(sorted.filter(\.touchesLifetimeValue).compactMap { replacement in
            replacement.owner.map { LifetimeValueOwner(appUserID: $0, environment: replacement.environment) }
        }).sorted()
        let starts = Array(stride(from: 0, to: sorted.count, by: Self.contributionBatch))
        for start in starts {
            let group = sorted[start..<min(start + Self.contributionBatch, sorted.count)]
            let statements = [try contributionUpsert(appID: appID, group)]
                + lifetimeValueStatements(appID: appID, group.filter(\.touchesLifetimeValue))
            guard session.kind == .postgresql else {
                for statement in statements { try await sql.raw(statement).run() }
                continue
            }
            var combined: SQLQueryString = "WITH "
            combined += statements.enumerated().map { index, statement -> SQLQueryString in
                "written\(unsafeRaw: String(index)) AS (\(statement) RETURNING 1)"
            }.joined(separator: ", ")
            if start == starts.last, !owners.isEmpty {
                combined += " SELECT pg_advisory_xact_lock(k) FROM unnest(\(bind: owners.map { $0.lock(appID: appID) })::bigint[]) AS k"
            } else {
                combined += " SELECT 1"
            }
            try await sql.raw(combined).run()
        }
        try await refreshCustomerLifetimeValues(appID: appID, owners, locked: true)
        for replacement in sorted {
            addToRollups(
                appID: appID, environment: replacement.environment, store: replacement.subscription.store,
                shardKey: replacement.subscription.id, cells: replacement.difference)
        }
    }

    /// The upsert of the subscriptions' rows of `subscription_metric_contributions`.
    private func contributionUpsert(appID: String, _ group: ArraySlice<MetricContributionReplacement>) throws -> SQLQueryString {
        let rows = try group.map { replacement -> SQLQueryString in
            """
            (\(bind: appID), \(bind: replacement.subscription.store.rawValue), \(bind: replacement.subscription.id),
             \(bind: replacement.environment.rawValue), \(bind: try JSONBody.encode(MetricContributionsBody(replacement.contributions))))
            """
        }
        return """
            INSERT INTO subscription_metric_contributions (app_id, store, subscription_id, environment, contributions)
            VALUES \(rows.joined(separator: ", "))
            ON CONFLICT (app_id, store, subscription_id) DO UPDATE SET
                environment = excluded.environment, contributions = excluded.contributions
            """
    }
}
