import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// The statements rewriting a subscription's rows of `subscription_lifetime_values` from its contributions
    /// (`CustomerLifetimeValue.Member`): its cohort with an empty currency (so one that earned nothing still
    /// counts) and what it earned by currency; none when it has no paid period. The rows are upserted (none
    /// without a paid period) and those of other currencies deleted; the two touch different rows, so that
    /// PostgreSQL runs them in one statement (`replaceMetricContributions`).
    func lifetimeValueStatements(
        appID: String, subscription: SubscriptionKey, environment: StoreEnvironment, contributions: [MetricContribution]
    ) -> (upsert: SQLQueryString?, delete: SQLQueryString) {
        let scope: SQLQueryString = """
            app_id = \(bind: appID) AND store = \(bind: subscription.store.rawValue) AND subscription_id = \(bind: subscription.id)
            """
        guard let member = CustomerLifetimeValue.Member(subscription: subscription, contributions: contributions) else {
            return (nil, "DELETE FROM subscription_lifetime_values WHERE \(scope)")
        }
        let amounts = member.proceeds.merging(["": 0], uniquingKeysWith: +).sorted(by: { $0.key < $1.key })
        let rows = amounts.map { currency, proceeds -> SQLQueryString in
            """
            (\(bind: appID), \(bind: subscription.store.rawValue), \(bind: subscription.id), \(bind: currency),
             \(bind: environment.rawValue), \(bind: Int64(member.cohortDay)), \(bind: member.productID), \(bind: member.country),
             \(bind: proceeds))
            """
        }
        let upsert: SQLQueryString = """
            INSERT INTO subscription_lifetime_values
                (app_id, store, subscription_id, currency, environment, cohort_day, product_id, country, proceeds)
            VALUES \(rows.joined(separator: ", "))
            ON CONFLICT (app_id, store, subscription_id, currency) DO UPDATE SET
                environment = excluded.environment, cohort_day = excluded.cohort_day, product_id = excluded.product_id,
                country = excluded.country, proceeds = excluded.proceeds
            """
        return (upsert, "DELETE FROM subscription_lifetime_values WHERE \(scope) AND currency NOT IN (\(binds: amounts.map(\.key)))")
    }

    /// The transaction-scoped lock two writes refreshing one customer's lifetime value take turns on (PostgreSQL).
    static func customerLifetimeValueLock(appID: String, appUserID: String, environment: StoreEnvironment) -> Int64 {
        StableHash.fnv1a64("customer-lifetime-value|\(appID)|\(appUserID)|\(environment.rawValue)")
    }

    /// Recomputes a customer's lifetime value contributions in `environment` from the subscriptions they own now
    /// (`CustomerLifetimeValue`), and adds the difference from the stored ones to the rollups (under the store of
    /// their first subscription: a change of first subscription moves them). A customer without a paid
    /// subscription left has none.
    ///
    /// On PostgreSQL two writes refreshing one customer (two of their subscriptions folded at once) take turns on
    /// a transaction-scoped lock, and the second, reading at read committed, starts from the first's result:
    /// without it each would add its difference from the same stored contributions.
    ///
    /// `locked`: the caller's statement took that lock already (`replaceMetricContributions`).
    func refreshCustomerLifetimeValue(appID: String, appUserID: String, environment: StoreEnvironment, locked: Bool = false) async throws {
        if session.kind == .postgresql, !locked {
            let key = Self.customerLifetimeValueLock(appID: appID, appUserID: appUserID, environment: environment)
            try await sql.raw("SELECT pg_advisory_xact_lock(\(bind: key))").run()
        }
        var members: [SubscriptionKey: CustomerLifetimeValue.Member] = [:]
        var stored: (first: SubscriptionKey, contributions: [MetricContribution])?
        // One read: the lifetime rows of the subscriptions the customer owns (IN the owner index's rows, not a
        // join: SQLite's planner would walk every lifetime row of the app for each fold, notifications-http fell
        // from 456/s to 122/s), then the customer's stored contributions (`contributions` not null).
        for row in try await sql.raw("""
            SELECT v.store, v.subscription_id, v.currency, v.cohort_day, v.product_id, v.country, v.proceeds,
                   CAST(NULL AS TEXT) AS contributions
            FROM subscription_lifetime_values v
            WHERE v.app_id = \(bind: appID) AND v.environment = \(bind: environment.rawValue)
                AND (v.store, v.subscription_id) IN (
                    SELECT store, subscription_id FROM subscriptions
                    WHERE app_id = \(bind: appID) AND owner_app_user_id = \(bind: appUserID))
            UNION ALL
            SELECT store, subscription_id, NULL, NULL, NULL, NULL, NULL, contributions FROM customer_metric_contributions
            WHERE app_id = \(bind: appID) AND environment = \(bind: environment.rawValue) AND app_user_id = \(bind: appUserID)
            """).all() {
            guard let store = Store(rawValue: try row.string("store")) else {
                throw StorageError(.corruptRecord, "a stored lifetime value names no valid store")
            }
            let key = SubscriptionKey(store: store, id: try row.string("subscription_id"))
            if let contributions = try row.optionalString("contributions") {
                stored = (key, try JSONBody.decode(MetricContributionsBody.self, from: contributions).contributions)
                continue
            }
            let cohortDay = Int(try row.int64("cohort_day")), productID = try row.string("product_id"), country = try row.string("country")
            var member = members[key]
                ?? CustomerLifetimeValue.Member(subscription: key, cohortDay: cohortDay, productID: productID, country: country, proceeds: [:])
            let currency = try row.string("currency")
            if !currency.isEmpty { member.proceeds[currency, default: 0] += try row.int64("proceeds") }
            members[key] = member
        }
        let now = CustomerLifetimeValue.contributions(of: Array(members.values))
        guard now?.first != stored?.first || now?.contributions != stored?.contributions else { return }
        if let now {
            try await sql.raw("""
                INSERT INTO customer_metric_contributions (app_id, environment, app_user_id, store, subscription_id, contributions)
                VALUES (\(bind: appID), \(bind: environment.rawValue), \(bind: appUserID), \(bind: now.first.store.rawValue),
                        \(bind: now.first.id), \(bind: try JSONBody.encode(MetricContributionsBody(now.contributions))))
                ON CONFLICT (app_id, environment, app_user_id) DO UPDATE SET
                    store = excluded.store, subscription_id = excluded.subscription_id, contributions = excluded.contributions
                """).run()
        } else {
            try await sql.raw("""
                DELETE FROM customer_metric_contributions
                WHERE app_id = \(bind: appID) AND environment = \(bind: environment.rawValue) AND app_user_id = \(bind: appUserID)
                """).run()
        }
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
            addToRollups(
                appID: appID, environment: environment, store: now.first.store, shardKey: appUserID, cells: now.contributions)
        }
    }

    public func refreshCustomerLifetimeValues(appID: String, appUserIDs: [String]) async throws {
        for appUserID in Set(appUserIDs).sorted() {
            for environment in StoreEnvironment.allCases {
                try await refreshCustomerLifetimeValue(appID: appID, appUserID: appUserID, environment: environment)
            }
        }
    }

    public func customerMetricContributionPage(
        appID: String, environment: StoreEnvironment, store: Store?, after: String?, limit: Int
    ) async throws -> [StoredMetricContributions] {
        var statement: SQLQueryString = """
            SELECT app_user_id, store, subscription_id, contributions FROM customer_metric_contributions
            WHERE app_id = \(bind: appID) AND environment = \(bind: environment.rawValue) AND app_user_id > \(bind: after ?? "")
            """
        if let store { statement += " AND store = \(bind: store.rawValue)" }
        statement += " ORDER BY app_user_id LIMIT \(bind: Int64(max(limit, 1)))"
        return try await sql.raw(statement).all().map { row in
            guard let store = Store(rawValue: try row.string("store")) else {
                throw StorageError(.corruptRecord, "stored customer contributions name no valid store")
            }
            return StoredMetricContributions(
                subscription: SubscriptionKey(store: store, id: try row.string("subscription_id")),
                ownerAppUserID: try row.string("app_user_id"),
                contributions: try JSONBody.decode(MetricContributionsBody.self, from: try row.string("contributions")).contributions)
        }
    }
}
