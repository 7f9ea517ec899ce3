extension Migration {
    /// Version 18: metric rollups. Each folded subscription's contributions to the metrics are stored with it
    /// (`subscription_metric_contributions`), and their sums by day, measure, environment, store, product and
    /// country kept in `metric_rollups` by the same write (a PostgreSQL write adds to one of eight shards
    /// chosen by the subscription, so concurrent writes rarely wait for one row). Apps that already had
    /// data are marked for a rebuild from their facts, which `perennial serve` starts by itself.
    static let metricRollups = Migration(version: 18, name: "metric_rollups") { _ in
        [
            """
            CREATE TABLE metric_rollups (
                app_id TEXT NOT NULL,
                measure TEXT NOT NULL,
                day BIGINT NOT NULL,
                environment TEXT NOT NULL,
                store TEXT NOT NULL,
                product_id TEXT NOT NULL,
                country TEXT NOT NULL,
                shard INTEGER NOT NULL,
                value BIGINT NOT NULL,
                PRIMARY KEY (app_id, measure, day, environment, store, product_id, country, shard)
            )
            """,
            """
            CREATE TABLE subscription_metric_contributions (
                app_id TEXT NOT NULL,
                store TEXT NOT NULL,
                subscription_id TEXT NOT NULL,
                environment TEXT NOT NULL,
                contributions TEXT NOT NULL,
                PRIMARY KEY (app_id, store, subscription_id)
            )
            """,
            "ALTER TABLE apps ADD COLUMN metrics_rebuild_needed INTEGER NOT NULL DEFAULT 0",
            "UPDATE apps SET metrics_rebuild_needed = 1 WHERE id IN (SELECT DISTINCT app_id FROM transactions)",
        ]
    }
}
