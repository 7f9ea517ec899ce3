import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// Shards of a rollup cell on PostgreSQL, where concurrent writes adding to one row would wait for each
    /// other's commit; SQLite has one writer, and one shard.
    var metricShards: Int64 { session.kind == .postgresql ? 8 : 1 }

    public func metricContributions(appID: String, subscription: SubscriptionKey) async throws -> [MetricContribution] {
        guard let row = try await sql.raw("""
            SELECT contributions FROM subscription_metric_contributions
            WHERE app_id = \(bind: appID) AND store = \(bind: subscription.store.rawValue)
                AND subscription_id = \(bind: subscription.id)
            """).first()
        else { return [] }
        return try JSONBody.decode(MetricContributionsBody.self, from: try row.string("contributions")).contributions
    }

    /// Adds `cells` to the app's rollups under the environment and store, in the shard `shardKey` picks, as
    /// the write commits (`DatabaseSession.deferredRollupCells`): the write's folds then share one statement,
    /// their cells summed by row.
    func addToRollups(appID: String, environment: StoreEnvironment, store: Store, shardKey: String, cells: [MetricContribution]) {
        guard !cells.isEmpty else { return }
        let shard = metricShards == 1 ? 0 : abs(StableHash.fnv1a64(shardKey) % metricShards)
        session.deferredRollupCells.append(cells.map { cell in
            DeferredRollupCell(
                row: .init(appID: appID, measure: cell.measure, day: Int64(cell.day), environment: environment.rawValue,
                           store: store.rawValue, productID: cell.productID, country: cell.country, shard: shard),
                value: cell.value)
        })
    }

    /// Adds what this write deferred to the rollups: first thing in every statement of the write that reads or
    /// empties them.
    func insertDeferredRollupCells() async throws {
        try await Self.insertDeferredRollupCells(of: session)
    }

    /// Adds the session's deferred cells to the rollups.
    static func insertDeferredRollupCells(of session: DatabaseSession) async throws {
        let cells = DeferredRollupCell.summed(session.deferredRollupCells.takeWaiting())
        for statement in rollupInserts(cells, kind: session.kind) { try await session.sql.raw(statement).run() }
    }

    /// The statements adding `cells` to the daily rollups and, the stocks' cells summed by period, to
    /// `metric_rollup_periods` (`MetricRollupPeriod`; only a stock reads a balance from the first day): the
    /// daily rows first, each table's in row order, so writes sharing rows lock them in one order.
    static func rollupInserts(_ cells: [DeferredRollupCell], kind: DatabaseKind) -> [SQLQueryString] {
        let periods = DeferredRollupCell.summed(cells.filter { MetricSeries.isStockMeasure($0.row.measure) }.map(\.inItsPeriod))
        return rollupInserts(cells, into: "metric_rollups", kind: kind) + rollupInserts(periods, into: "metric_rollup_periods", kind: kind)
    }

    /// The statements adding `cells` to `table`: one on PostgreSQL, whatever the number of rows; one per
    /// 500 rows of 9 parameters on SQLite, far below its limit.
    private static func rollupInserts(_ cells: [DeferredRollupCell], into table: String, kind: DatabaseKind) -> [SQLQueryString] {
        guard !cells.isEmpty else { return [] }
        if kind == .postgresql {
            return ["""
                INSERT INTO \(unsafeRaw: table) (app_id, measure, day, environment, store, product_id, country, shard, value)
                SELECT cell.app_id, cell.measure, cell.day, cell.environment, cell.store, cell.product_id, cell.country, cell.shard, cell.value
                FROM unnest(\(bind: cells.map(\.row.appID))::text[], \(bind: cells.map(\.row.measure))::text[],
                            \(bind: cells.map(\.row.day))::bigint[], \(bind: cells.map(\.row.environment))::text[],
                            \(bind: cells.map(\.row.store))::text[], \(bind: cells.map(\.row.productID))::text[],
                            \(bind: cells.map(\.row.country))::text[], \(bind: cells.map(\.row.shard))::bigint[],
                            \(bind: cells.map(\.value))::bigint[])
                    AS cell(app_id, measure, day, environment, store, product_id, country, shard, value)
                ON CONFLICT (app_id, measure, day, environment, store, product_id, country, shard) DO UPDATE SET
                    value = \(unsafeRaw: table).value + excluded.value
                """]
        }
        return stride(from: 0, to: cells.count, by: 500).map { start in
            let rows = cells[start..<min(start + 500, cells.count)].map { cell -> SQLQueryString in
                """
                (\(bind: cell.row.appID), \(bind: cell.row.measure), \(bind: cell.row.day), \(bind: cell.row.environment),
                 \(bind: cell.row.store), \(bind: cell.row.productID), \(bind: cell.row.country), \(bind: cell.row.shard), \(bind: cell.value))
                """
            }
            return """
                INSERT INTO \(unsafeRaw: table) (app_id, measure, day, environment, store, product_id, country, shard, value)
                VALUES \(rows.joined(separator: ", "))
                ON CONFLICT (app_id, measure, day, environment, store, product_id, country, shard) DO UPDATE SET
                    value = \(unsafeRaw: table).value + excluded.value
                """
        }
    }

    public func metricTotals(_ query: MetricQuery) async throws -> [MetricTotal] {
        try await insertDeferredRollupCells()
        // A stock's days before its first bucket: whole periods from the period sums, dated the day before the
        // first daily row read, and the daily rows from the start of `summedBeforeDay`'s period. (Other
        // measures have no period sums: they are read by day.)
        var opening: [MetricTotal] = []
        var fromDay = query.fromDay.map(Int64.init)
        if query.fromDay == nil, let summedBefore = query.summedBeforeDay, MetricSeries.isStockMeasure(query.measurePrefix) {
            let boundary = MetricRollupPeriod.start(of: Int64(summedBefore))
            opening = try await sql.raw(Self.totalsStatement(
                query, table: "metric_rollup_periods", days: "day < \(bind: boundary)", groupedByDay: false)).all().map { row in
                    MetricTotal(day: Int(boundary) - 1, measure: try row.string("measure"), value: try row.int64("total"))
                }
            fromDay = boundary
        }
        let days: SQLQueryString = fromDay.map { "day >= \(bind: $0) AND day <= \(bind: Int64(query.throughDay))" }
            ?? "day <= \(bind: Int64(query.throughDay))"
        return try await opening + sql.raw(Self.totalsStatement(query, table: "metric_rollups", days: days, groupedByDay: true)).all().map { row in
            MetricTotal(day: Int(try row.int64("day")), measure: try row.string("measure"), value: try row.int64("total"))
        }
    }

    /// The sums of `table`'s rows the query's filters and `days` select, by measure and, `groupedByDay`, by day.
    private static func totalsStatement(_ query: MetricQuery, table: String, days: SQLQueryString, groupedByDay: Bool) -> SQLQueryString {
        var statement: SQLQueryString = """
            SELECT \(unsafeRaw: groupedByDay ? "day, " : "")measure, CAST(SUM(value) AS BIGINT) AS total FROM \(unsafeRaw: table)
            WHERE app_id = \(bind: query.appID) AND measure >= \(bind: query.measurePrefix)
                AND measure < \(bind: prefixEnd(query.measurePrefix)) AND environment = \(bind: query.environment.rawValue)
            """
        statement += " AND "
        statement += days
        if let store = query.store { statement += " AND store = \(bind: store.rawValue)" }
        if let productID = query.productID { statement += " AND product_id = \(bind: productID)" }
        if let country = query.country { statement += " AND country = \(bind: country)" }
        statement += groupedByDay ? " GROUP BY day, measure HAVING SUM(value) <> 0" : " GROUP BY measure HAVING SUM(value) <> 0"
        return statement
    }

    public func metricContributionPage(
        appID: String, environment: StoreEnvironment, store: Store?, after: SubscriptionKey?, limit: Int
    ) async throws -> [StoredMetricContributions] {
        let afterStore = after?.store.rawValue ?? ""
        let afterID = after?.id ?? ""
        var statement: SQLQueryString = """
            SELECT c.store, c.subscription_id, c.contributions, s.owner_app_user_id
            FROM subscription_metric_contributions c
            LEFT JOIN subscriptions s ON s.app_id = c.app_id AND s.store = c.store AND s.subscription_id = c.subscription_id
            WHERE c.app_id = \(bind: appID) AND c.environment = \(bind: environment.rawValue)
                AND (c.store > \(bind: afterStore) OR (c.store = \(bind: afterStore) AND c.subscription_id > \(bind: afterID)))
            """
        if let store { statement += " AND c.store = \(bind: store.rawValue)" }
        statement += " ORDER BY c.store, c.subscription_id LIMIT \(bind: Int64(max(limit, 1)))"
        return try await sql.raw(statement).all().map { row in
            guard let store = Store(rawValue: try row.string("store")) else {
                throw StorageError(.corruptRecord, "stored metric contributions name no valid store")
            }
            return StoredMetricContributions(
                subscription: SubscriptionKey(store: store, id: try row.string("subscription_id")),
                ownerAppUserID: try row.optionalString("owner_app_user_id"),
                contributions: try JSONBody.decode(MetricContributionsBody.self, from: try row.string("contributions")).contributions)
        }
    }

    public func beginMetricRollupRebuild(appID: String) async throws {
        try await insertDeferredRollupCells()
        try await sql.raw("DELETE FROM metric_rollups WHERE app_id = \(bind: appID)").run()
        try await sql.raw("DELETE FROM metric_rollup_periods WHERE app_id = \(bind: appID)").run()
        try await sql.raw("DELETE FROM subscription_metric_contributions WHERE app_id = \(bind: appID)").run()
        try await sql.raw("DELETE FROM subscription_lifetime_values WHERE app_id = \(bind: appID)").run()
        try await sql.raw("DELETE FROM customer_metric_contributions WHERE app_id = \(bind: appID)").run()
        try await sql.raw("UPDATE apps SET metrics_rebuild_needed = 1 WHERE id = \(bind: appID)").run()
    }

    public func endMetricRollupRebuild(appID: String) async throws {
        try await sql.raw("UPDATE apps SET metrics_rebuild_needed = 0 WHERE id = \(bind: appID)").run()
    }

    public func isRebuildingMetricRollups(appID: String) async throws -> Bool {
        try await sql.raw("SELECT metrics_rebuild_needed FROM apps WHERE id = \(bind: appID)").first()
            .map { try $0.int64("metrics_rebuild_needed") != 0 } ?? false
    }

    /// The least text above every text that starts with `prefix` (its last byte raised by one): measure names
    /// are ASCII, so `measure >= prefix AND measure < end` is the prefix, answered from the index.
    static func prefixEnd(_ prefix: String) -> String {
        var bytes = Array(prefix.utf8)
        guard let last = bytes.popLast() else { return "\u{7F}" }
        return String(decoding: bytes + [last + 1], as: UTF8.self)
    }
}
