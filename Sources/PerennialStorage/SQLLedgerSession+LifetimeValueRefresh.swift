import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// Recomputes each customer's lifetime value contributions in their environment from the subscriptions
    /// they own now (`CustomerLifetimeValue`), and adds the difference from the stored ones to the rollups
    /// (under the store of their first subscription: a change of first subscription moves them). A customer
    /// without a paid subscription left has none.
    ///
    /// On PostgreSQL two writes refreshing one customer (two of their subscriptions folded at once) take turns
    /// on a transaction-scoped lock per customer and environment, taken in `owners`' order (sorted), and the
    /// second, reading at read committed, starts from the first's result: without it each would add its
    /// difference from the same stored contributions. `locked`: the caller's statement took those locks.
    ///
    /// One read for all of them: the subscriptions they own, those subscriptions' lifetime rows (`IN` the
    /// owner index's rows, not a join: SQLite's planner would walk every lifetime row of the app), and their
    /// stored contributions; then one upsert for those that changed, one removal for those left with none
    /// (per 500 customers, far below either database's limit of parameters).
    func refreshCustomerLifetimeValues(appID: String, _ owners: [LifetimeValueOwner], locked: Bool) async throws {
        guard !owners.isEmpty else { return }
        if session.kind == .postgresql, !locked {
            try await sql.raw("""
                SELECT pg_advisory_xact_lock(k) FROM unnest(\(bind: owners.map { $0.lock(appID: appID) })::bigint[]) AS k
                """).run()
        }
        for start in stride(from: 0, to: owners.count, by: 500) {
            try await refreshLocked(appID: appID, Array(owners[start..<min(start + 500, owners.count)]))
        }
    }

    /// `refreshCustomerLifetimeValues` for customers already locked.
    private func refreshLocked(appID: String, _ owners: [LifetimeValueOwner]) async throws {
        let wanted = Set(owners)
        let ids = Set(owners.map(\.appUserID)).sorted().map(\.text)
        // Named, so that the primary key (app, environment, customer) finds the rows on both databases.
        let environments = Set(owners.map(\.environment.rawValue)).sorted()
        var ownerOf: [StoreRowKey: ExactString] = [:]
        var lifetimeRows: [(key: SubscriptionKey, environment: StoreEnvironment, row: any SQLRow)] = []
        var stored: [LifetimeValueOwner: (first: SubscriptionKey, contributions: [MetricContribution])] = [:]
        for row in try await sql.raw("""
            SELECT CAST(0 AS BIGINT) AS part, owner_app_user_id AS owner, store, subscription_id, CAST(NULL AS TEXT) AS environment,
                   CAST(NULL AS TEXT) AS currency, CAST(NULL AS BIGINT) AS cohort_day, CAST(NULL AS TEXT) AS product_id,
                   CAST(NULL AS TEXT) AS country, CAST(NULL AS BIGINT) AS proceeds, CAST(NULL AS TEXT) AS contributions
            FROM subscriptions WHERE app_id = \(bind: appID) AND owner_app_user_id IN (\(binds: ids))
            UNION ALL
            SELECT 1, NULL, v.store, v.subscription_id, v.environment, v.currency, v.cohort_day, v.product_id, v.country,
                   v.proceeds, NULL
            FROM subscription_lifetime_values v
            WHERE v.app_id = \(bind: appID) AND (v.store, v.subscription_id) IN (
                SELECT store, subscription_id FROM subscriptions
                WHERE app_id = \(bind: appID) AND owner_app_user_id IN (\(binds: ids)))
            UNION ALL
            SELECT 2, app_user_id, store, subscription_id, environment, NULL, NULL, NULL, NULL, NULL, contributions
            FROM customer_metric_contributions
            WHERE app_id = \(bind: appID) AND environment IN (\(binds: environments)) AND app_user_id IN (\(binds: ids))
            """).all() {
            guard let store = Store(rawValue: try row.string("store")) else {
                throw StorageError(.corruptRecord, "a stored lifetime value names no valid store")
            }
            let key = SubscriptionKey(store: store, id: try row.string("subscription_id"))
            switch try row.int64("part") {
            case 0:
                ownerOf[StoreRowKey(key)] = ExactString(try row.string("owner"))
            case 1:
                lifetimeRows.append((key, try Self.environment(of: row), row))
            default:
                let owner = LifetimeValueOwner(appUserID: try row.string("owner"), environment: try Self.environment(of: row))
                stored[owner] = (key, try JSONBody.decode(MetricContributionsBody.self, from: try row.string("contributions")).contributions)
            }
        }
        var members: [LifetimeValueOwner: [SubscriptionKey: CustomerLifetimeValue.Member]] = [:]
        for (key, environment, row) in lifetimeRows {
            guard let id = ownerOf[StoreRowKey(key)] else { continue }
            let owner = LifetimeValueOwner(appUserID: id.text, environment: environment)
            guard wanted.contains(owner) else { continue }
            var member: CustomerLifetimeValue.Member
            if let known = members[owner]?[key] {
                member = known
            } else {
                member = CustomerLifetimeValue.Member(
                    subscription: key, cohortDay: Int(try row.int64("cohort_day")), productID: try row.string("product_id"),
                    country: try row.string("country"), proceeds: [:])
            }
            let currency = try row.string("currency")
            if !currency.isEmpty { member.proceeds[currency, default: 0] += try row.int64("proceeds") }
            members[owner, default: [:]][key] = member
        }
        var upserts: [SQLQueryString] = []
        var removals: [SQLQueryString] = []
        for owner in owners {
            let now = CustomerLifetimeValue.contributions(of: Array((members[owner] ?? [:]).values))
            let before = stored[owner]
            guard now?.first != before?.first || now?.contributions != before?.contributions else { continue }
            let appUserID = owner.appUserID.text, environment = owner.environment
            if let now {
                upserts.append("""
                    (\(bind: appID), \(bind: environment.rawValue), \(bind: appUserID), \(bind: now.first.store.rawValue),
                     \(bind: now.first.id), \(bind: try JSONBody.encode(MetricContributionsBody(now.contributions))))
                    """)
            } else {
                removals.append("(environment = \(bind: environment.rawValue) AND app_user_id = \(bind: appUserID))")
            }
            addLifetimeValueDifference(appID: appID, owner: owner, from: before, to: now)
        }
        if !upserts.isEmpty {
            try await sql.raw("""
                INSERT INTO customer_metric_contributions (app_id, environment, app_user_id, store, subscription_id, contributions)
                VALUES \(upserts.joined(separator: ", "))
                ON CONFLICT (app_id, environment, app_user_id) DO UPDATE SET
                    store = excluded.store, subscription_id = excluded.subscription_id, contributions = excluded.contributions
                """).run()
        }
        for removal in removalStatements(from: "customer_metric_contributions", appID: appID, removals) {
            try await sql.raw(removal).run()
        }
    }

    /// Adds to the rollups what a customer's lifetime value contributions gained, under the store of their
    /// first subscription (both stores' cells when it changed).
    private func addLifetimeValueDifference(
        appID: String, owner: LifetimeValueOwner,
        from stored: (first: SubscriptionKey, contributions: [MetricContribution])?,
        to now: (first: SubscriptionKey, contributions: [MetricContribution])?
    ) {
        let appUserID = owner.appUserID.text, environment = owner.environment
        if let stored, stored.first.store == now?.first.store {
            addToRollups(
                appID: appID, environment: environment, store: stored.first.store, shardKey: appUserID,
                cells: MetricContribution.difference(from: stored.contributions, to: now?.contributions ?? []))
            return
        }
        if let stored {
            addToRollups(
                appID: appID, environment: environment, store: stored.first.store, shardKey: appUserID,
                cells: MetricContribution.difference(from: stored.contributions, to: []))
        }
        if let now {
            addToRollups(appID: appID, environment: environment, store: now.first.store, shardKey: appUserID, cells: now.contributions)
        }
    }

    private static func environment(of row: any SQLRow) throws -> StoreEnvironment {
        guard let environment = StoreEnvironment(rawValue: try row.string("environment")) else {
            throw StorageError(.corruptRecord, "a stored lifetime value names no valid environment")
        }
        return environment
    }
}
