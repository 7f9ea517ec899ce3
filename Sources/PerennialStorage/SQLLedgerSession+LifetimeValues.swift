import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// The statements rewriting the subscriptions' rows of `subscription_lifetime_values` from their
    /// contributions (`CustomerLifetimeValue.Member`): each one's cohort with an empty currency (so one that
    /// earned nothing still counts) and what it earned by currency; none for one without a paid period. One
    /// upsert of the rows, then the removal of the others (other currencies, or all of one without a paid
    /// period: `removalStatements`); they touch different rows, so that PostgreSQL runs them in one statement.
    func lifetimeValueStatements(appID: String, _ replacements: [MetricContributionReplacement]) -> [SQLQueryString] {
        guard !replacements.isEmpty else { return [] }
        var rows: [SQLQueryString] = []
        var removals: [SQLQueryString] = []
        for replacement in replacements {
            let subscription = replacement.subscription
            let scope: SQLQueryString = "(store = \(bind: subscription.store.rawValue) AND subscription_id = \(bind: subscription.id)"
            guard let member = CustomerLifetimeValue.Member(subscription: subscription, contributions: replacement.contributions) else {
                removals.append(scope + ")")
                continue
            }
            let amounts = member.proceeds.merging(["": 0], uniquingKeysWith: +).sorted(by: { $0.key < $1.key })
            rows += amounts.map { currency, proceeds -> SQLQueryString in
                """
                (\(bind: appID), \(bind: subscription.store.rawValue), \(bind: subscription.id), \(bind: currency),
                 \(bind: replacement.environment.rawValue), \(bind: Int64(member.cohortDay)), \(bind: member.productID),
                 \(bind: member.country), \(bind: proceeds))
                """
            }
            removals.append(scope + " AND currency NOT IN (\(binds: amounts.map(\.key))))")
        }
        var statements: [SQLQueryString] = []
        if !rows.isEmpty {
            statements.append("""
                INSERT INTO subscription_lifetime_values
                    (app_id, store, subscription_id, currency, environment, cohort_day, product_id, country, proceeds)
                VALUES \(rows.joined(separator: ", "))
                ON CONFLICT (app_id, store, subscription_id, currency) DO UPDATE SET
                    environment = excluded.environment, cohort_day = excluded.cohort_day, product_id = excluded.product_id,
                    country = excluded.country, proceeds = excluded.proceeds
                """)
        }
        return statements + removalStatements(from: "subscription_lifetime_values", appID: appID, removals)
    }

    /// The statements deleting the app's rows of `table` that match any of `conditions`: on PostgreSQL one,
    /// whose `OR` it reads through the primary key, arm by arm; on SQLite one per condition, which it reads
    /// through the key (an `OR` of many would be read through the app's rows).
    func removalStatements(from table: StaticString, appID: String, _ conditions: [SQLQueryString]) -> [SQLQueryString] {
        guard !conditions.isEmpty else { return [] }
        if session.kind == .postgresql {
            return ["DELETE FROM \(unsafeRaw: table.description) WHERE app_id = \(bind: appID) AND (\(conditions.joined(separator: " OR ")))"]
        }
        return conditions.map { "DELETE FROM \(unsafeRaw: table.description) WHERE app_id = \(bind: appID) AND \($0)" }
    }

    public func refreshCustomerLifetimeValues(appID: String, appUserIDs: [String]) async throws {
        let owners = Set(appUserIDs.flatMap { id in StoreEnvironment.allCases.map { LifetimeValueOwner(appUserID: id, environment: $0) } })
        try await refreshCustomerLifetimeValues(appID: appID, owners.sorted(), locked: false)
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
