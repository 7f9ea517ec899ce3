import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// How many subscription ids one statement names.
    static let foldInputChunk = 500

    /// PostgreSQL: the advisory locks of `lockSubscription`, taken in the order given by one statement (a
    /// function scan over the array keeps its order). SQLite: nothing to do.
    public func lockSubscriptions(appID: String, _ keys: [SubscriptionKey]) async throws {
        guard session.kind == .postgresql, !keys.isEmpty else { return }
        let hashes = keys.map { Self.lockKey(appID: appID, subscription: $0) }
        try await sql.raw("SELECT pg_advisory_xact_lock(k) FROM unnest(\(bind: hashes)::bigint[]) AS k").run()
    }

    /// Five statements per store and chunk of `foldInputChunk` ids: the subscriptions' rows, their
    /// transactions, renewal infos, standing events and metric contributions.
    public func foldInputs(appID: String, keys: [SubscriptionKey]) async throws -> [SubscriptionKey: SubscriptionFoldInputs] {
        var inputs = Dictionary(keys.map { ($0, SubscriptionFoldInputs()) }, uniquingKeysWith: { first, _ in first })
        for (store, ids) in Self.idsByStore(keys) {
            for start in stride(from: 0, to: ids.count, by: Self.foldInputChunk) {
                let chunk = Array(ids[start..<min(start + Self.foldInputChunk, ids.count)])
                try await readFoldInputs(appID: appID, store: store, ids: chunk, into: &inputs)
            }
        }
        return inputs
    }

    private static func idsByStore(_ keys: [SubscriptionKey]) -> [(Store, [String])] {
        Dictionary(grouping: keys, by: \.store).map { ($0.key, $0.value.map(\.id)) }.sorted { $0.0.rawValue < $1.0.rawValue }
    }

    private func readFoldInputs(
        appID: String, store: Store, ids: [String], into inputs: inout [SubscriptionKey: SubscriptionFoldInputs]
    ) async throws {
        let key = { (id: String) in SubscriptionKey(store: store, id: id) }
        let scope: SQLQueryString = "app_id = \(bind: appID) AND store = \(bind: store.rawValue) AND subscription_id IN (\(binds: ids))"
        for row in try await sql.raw("SELECT subscription_id, owner_app_user_id, body FROM subscriptions WHERE \(scope)").all() {
            let subscription = key(try row.string("subscription_id"))
            inputs[subscription]?.owner = try row.string("owner_app_user_id")
            inputs[subscription]?.state = try JSONBody.decode(SubscriptionState.self, from: try row.string("body"))
        }
        for row in try await sql.raw("SELECT subscription_id, body FROM transactions WHERE \(scope)").all() {
            inputs[key(try row.string("subscription_id"))]?.transactions.append(try JSONBody.decode(TransactionFact.self, from: try row.string("body")))
        }
        for row in try await sql.raw("SELECT subscription_id, body FROM renewal_infos WHERE \(scope)").all() {
            inputs[key(try row.string("subscription_id"))]?.renewalInfos.append(try JSONBody.decode(RenewalInfoFact.self, from: try row.string("body")))
        }
        let events = try await sql.raw("""
            SELECT \(unsafeRaw: Self.eventColumns) FROM events
            WHERE \(scope) AND retracted_at IS NULL AND kind <> \(bind: LifecycleEventKind.eventRetracted.rawValue)
            ORDER BY occurred_at, "sequence"
            """).all().map(Self.storedEvent(from:))
        for event in events where event.event.subscription.store == store {
            inputs[event.event.subscription]?.events.append(event)
        }
        for row in try await sql.raw("SELECT subscription_id, contributions FROM subscription_metric_contributions WHERE \(scope)").all() {
            inputs[key(try row.string("subscription_id"))]?.contributions =
                try JSONBody.decode(MetricContributionsBody.self, from: try row.string("contributions")).contributions
        }
    }
}
