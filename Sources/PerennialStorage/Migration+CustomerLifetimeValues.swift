extension Migration {
    /// Version 19: lifetime value per customer. Each subscription's cohort and what it has earned, a row per
    /// currency (and one with an empty currency for the subscription itself), kept by the write that keeps its
    /// metric contributions; from them, each customer's contributions (`CustomerLifetimeValue`, filed under
    /// their first subscription), kept in the rollups by the same write, a merge, or a change of hands. The same version adds the
    /// refund rate's measures (`revenue.sales`, `revenue.refunded_sales`) to the contributions, so apps that
    /// already had data are marked for a rebuild from their facts, which `perennial serve` starts by itself.
    static let customerLifetimeValues = Migration(version: 19, name: "customer_lifetime_values") { _ in
        [
            """
            CREATE TABLE subscription_lifetime_values (
                app_id TEXT NOT NULL,
                store TEXT NOT NULL,
                subscription_id TEXT NOT NULL,
                currency TEXT NOT NULL,
                environment TEXT NOT NULL,
                cohort_day BIGINT NOT NULL,
                product_id TEXT NOT NULL,
                country TEXT NOT NULL,
                proceeds BIGINT NOT NULL,
                PRIMARY KEY (app_id, store, subscription_id, currency)
            )
            """,
            """
            CREATE TABLE customer_metric_contributions (
                app_id TEXT NOT NULL,
                environment TEXT NOT NULL,
                app_user_id TEXT NOT NULL,
                store TEXT NOT NULL,
                subscription_id TEXT NOT NULL,
                contributions TEXT NOT NULL,
                PRIMARY KEY (app_id, environment, app_user_id)
            )
            """,
            "UPDATE apps SET metrics_rebuild_needed = 1 WHERE id IN (SELECT DISTINCT app_id FROM transactions)",
        ]
    }
}
