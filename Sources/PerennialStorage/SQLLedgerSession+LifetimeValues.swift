import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// Rewrites a subscription's rows of `subscription_lifetime_values` from its contributions
    /// (`LifetimeValueRow.rows`): none when it has no paid period.
    func replaceLifetimeValues(
        appID: String, subscription: SubscriptionKey, environment: StoreEnvironment, contributions: [MetricContribution]
    ) async throws {
        try await sql.raw("""
            DELETE FROM subscription_lifetime_values
            WHERE app_id = \(bind: appID) AND store = \(bind: subscription.store.rawValue) AND subscription_id = \(bind: subscription.id)
            """).run()
        try await insertLifetimeValues(
            appID: appID, environment: environment, LifetimeValueRow.rows(of: subscription, contributions: contributions))
    }

    /// Inserts rows of `subscription_lifetime_values` (none there yet), a few hundred per statement: the
    /// fold's write, and `perennial-bench metrics` loading a million subscriptions' at once.
    package func insertLifetimeValues(appID: String, environment: StoreEnvironment, _ rows: [LifetimeValueRow]) async throws {
        for start in stride(from: 0, to: rows.count, by: 500) {
            var statement: SQLQueryString = """
                INSERT INTO subscription_lifetime_values
                    (app_id, store, subscription_id, currency, environment, cohort_day, product_id, country, proceeds) VALUES
                """
            for (index, row) in rows[start..<min(start + 500, rows.count)].enumerated() {
                statement += index == 0 ? " " : ", "
                statement += """
                    (\(bind: appID), \(bind: row.subscription.store.rawValue), \(bind: row.subscription.id), \(bind: row.currency),
                     \(bind: environment.rawValue), \(bind: Int64(row.cohortDay)), \(bind: row.productID), \(bind: row.country),
                     \(bind: row.proceeds))
                    """
            }
            try await sql.raw(statement).run()
        }
    }

    public func customerLifetimeValueTotals(_ query: MetricQuery) async throws -> [MetricTotal] {
        let statement: SQLQueryString = """
            \(Self.customerCohorts(query))
            SELECT c.cohort_day AS day, o.currency, COUNT(DISTINCT o.customer) AS customers,
                   CAST(SUM(o.proceeds) AS BIGINT) AS total
            FROM owned o JOIN cohorts c ON c.customer = o.customer
            WHERE \(Self.cohortRange(query))
            GROUP BY c.cohort_day, o.currency
            """
        return try await sql.raw(statement).all().compactMap { row in
            let day = Int(try row.int64("day")), currency = try row.string("currency")
            if currency.isEmpty {
                return MetricTotal(day: day, measure: CustomerLifetimeValue.customers, value: try row.int64("customers"))
            }
            let total = try row.int64("total")
            return total == 0 ? nil : MetricTotal(day: day, measure: CustomerLifetimeValue.proceedsPrefix + currency, value: total)
        }
    }

    public func customerLifetimeValueRows(_ query: MetricQuery, limit: Int) async throws -> [StoredMetricContributions] {
        let statement: SQLQueryString = """
            \(Self.customerCohorts(query))
            SELECT o.store, o.subscription_id, o.owner, o.customer, c.cohort_day AS day, o.currency, o.proceeds
            FROM owned o JOIN cohorts c ON c.customer = o.customer
            WHERE \(Self.cohortRange(query))
            ORDER BY o.customer, o.cohort_day, o.store, o.subscription_id, o.currency
            LIMIT \(bind: Int64(max(limit, 1)))
            """
        var rows: [StoredMetricContributions] = []
        var counted: Set<String> = []
        for row in try await sql.raw(statement).all() {
            guard let store = Store(rawValue: try row.string("store")) else {
                throw StorageError(.corruptRecord, "a stored lifetime value names no valid store")
            }
            let subscription = SubscriptionKey(store: store, id: try row.string("subscription_id"))
            let day = Int(try row.int64("day")), currency = try row.string("currency"), customer = try row.string("customer")
            if rows.last?.subscription != subscription {
                rows.append(StoredMetricContributions(subscription: subscription, ownerAppUserID: try row.optionalString("owner"), contributions: []))
            }
            let index = rows.count - 1
            if currency.isEmpty, counted.insert(customer).inserted {
                // The customer counts once, on their earliest subscription (the rows come in that order).
                rows[index].contributions.append(
                    MetricContribution(day: day, measure: CustomerLifetimeValue.customers, productID: "", country: "", value: 1))
            } else if !currency.isEmpty {
                rows[index].contributions.append(MetricContribution(
                    day: day, measure: CustomerLifetimeValue.proceedsPrefix + currency, productID: "", country: "",
                    value: try row.int64("proceeds")))
            }
        }
        return rows
    }

    /// `owned` (each kept subscription's rows with its customer: its owner, or itself when nobody owns it) and
    /// `cohorts` (each customer's earliest cohort day), as a `WITH` clause.
    private static func customerCohorts(_ query: MetricQuery) -> SQLQueryString {
        var kept: SQLQueryString = "v.app_id = \(bind: query.appID) AND v.environment = \(bind: query.environment.rawValue)"
        if let store = query.store { kept += " AND v.store = \(bind: store.rawValue)" }
        if let productID = query.productID { kept += " AND v.product_id = \(bind: productID)" }
        if let country = query.country { kept += " AND v.country = \(bind: country)" }
        return """
            WITH owned AS (
                SELECT v.store, v.subscription_id, s.owner_app_user_id AS owner,
                       COALESCE(s.owner_app_user_id, v.store || ':' || v.subscription_id) AS customer,
                       v.cohort_day, v.currency, v.proceeds
                FROM subscription_lifetime_values v
                LEFT JOIN subscriptions s ON s.app_id = v.app_id AND s.store = v.store AND s.subscription_id = v.subscription_id
                WHERE \(kept)
            ), cohorts AS (
                SELECT customer, MIN(cohort_day) AS cohort_day FROM owned WHERE currency = '' GROUP BY customer
            )
            """
    }

    /// The customers' cohort days the query asks for.
    private static func cohortRange(_ query: MetricQuery) -> SQLQueryString {
        var range: SQLQueryString = "c.cohort_day <= \(bind: Int64(query.throughDay))"
        if let fromDay = query.fromDay { range += " AND c.cohort_day >= \(bind: Int64(fromDay))" }
        return range
    }
}
