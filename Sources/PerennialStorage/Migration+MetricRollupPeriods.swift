extension Migration {
    /// Version 26: the stock metrics' rollups summed again by 32-day period (`MetricRollupPeriod`), written by
    /// the same statement batch as the daily rows, so a stock's opening balance reads a period row per cell
    /// instead of every day since the first. Filled from the daily rows the database already has. And an index
    /// of the daily rows by day: a flow over a short range reads that range's rows, where the primary key
    /// (measure first) made PostgreSQL scan the whole table.
    static let metricRollupPeriods = Migration(version: 26, name: "metric_rollup_periods") { _ in
        // The stock metrics' measure prefixes as this version knows them (`MetricSeries.stockMeasurePrefixes`).
        let stocks = ["active.", "mrr.", "state_mix."].map { prefix in
            "(measure >= '\(prefix)' AND measure < '\(SQLLedgerSession.prefixEnd(prefix))')"
        }
        return [
            """
            CREATE TABLE metric_rollup_periods (
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
            INSERT INTO metric_rollup_periods (app_id, measure, day, environment, store, product_id, country, shard, value)
            SELECT app_id, measure, \(MetricRollupPeriod.startSQL("day")) AS period, environment, store, product_id, country, shard,
                SUM(value)
            FROM metric_rollups
            WHERE \(stocks.joined(separator: " OR "))
            GROUP BY app_id, measure, period, environment, store, product_id, country, shard
            HAVING SUM(value) <> 0
            """,
            "CREATE INDEX metric_rollups_by_day ON metric_rollups (app_id, environment, day)",
        ]
    }
}
