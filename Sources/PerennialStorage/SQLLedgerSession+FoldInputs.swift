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

    /// One statement per store and chunk of `foldInputChunk` ids, whose rows are of five parts: the
    /// subscriptions' rows, their transactions, renewal infos, standing events and metric contributions.
    public func foldInputs(appID: String, keys: [SubscriptionKey]) async throws -> [SubscriptionKey: SubscriptionFoldInputs] {
        var inputs = Dictionary(keys.map { ($0, SubscriptionFoldInputs()) }, uniquingKeysWith: { first, _ in first })
        for (store, ids) in Self.idsByStore(keys) {
            for start in stride(from: 0, to: ids.count, by: Self.foldInputChunk) {
                let chunk = Array(ids[start..<min(start + Self.foldInputChunk, ids.count)])
                try await readFoldInputs(appID: appID, store: store, ids: chunk, into: &inputs)
            }
        }
        for key in inputs.keys {
            inputs[key]?.events.sort { ($0.event.occurredAt, $0.sequence) < ($1.event.occurredAt, $1.sequence) }
        }
        return inputs
    }

    private static func idsByStore(_ keys: [SubscriptionKey]) -> [(Store, [String])] {
        Dictionary(grouping: keys, by: \.store).map { ($0.key, $0.value.map(\.id)) }.sorted { $0.0.rawValue < $1.0.rawValue }
    }

    /// The parts of `readFoldInputs`' rows.
    private enum FoldInputPart: Int64 {
        case subscription, transaction, renewalInfo, event, contributions
    }

    /// One round trip: the five reads as one `UNION ALL`, each part's rows in the columns of an event row
    /// (`storedEvent(from:)`), the others' columns null.
    private func readFoldInputs(
        appID: String, store: Store, ids: [String], into inputs: inout [SubscriptionKey: SubscriptionFoldInputs]
    ) async throws {
        let key = { (id: String) in SubscriptionKey(store: store, id: id) }
        let scope: SQLQueryString = "app_id = \(bind: appID) AND store = \(bind: store.rawValue) AND subscription_id IN (\(binds: ids))"
        // An event's recorded_at, feed_position, customer_sequence and retracted_at, for the other parts.
        let none = Array(repeating: "CAST(NULL AS BIGINT)", count: 4).joined(separator: ", ")
        let part = { (part: FoldInputPart) -> SQLQueryString in "CAST(\(unsafeRaw: String(part.rawValue)) AS BIGINT)" }
        // The events first: their columns name those of the whole result.
        let rows = try await sql.raw("""
            SELECT \(part(.event)) AS part, subscription_id, \(unsafeRaw: Self.eventColumns)
            FROM events
            WHERE \(scope) AND retracted_at IS NULL AND kind <> \(bind: LifecycleEventKind.eventRetracted.rawValue)
            UNION ALL
            SELECT \(part(.subscription)), subscription_id, CAST(NULL AS BIGINT), owner_app_user_id, body, \(unsafeRaw: none)
            FROM subscriptions WHERE \(scope)
            UNION ALL
            SELECT \(part(.transaction)), subscription_id, CAST(NULL AS BIGINT), NULL, body, \(unsafeRaw: none) FROM transactions WHERE \(scope)
            UNION ALL
            SELECT \(part(.renewalInfo)), subscription_id, CAST(NULL AS BIGINT), NULL, body, \(unsafeRaw: none) FROM renewal_infos WHERE \(scope)
            UNION ALL
            SELECT \(part(.contributions)), subscription_id, CAST(NULL AS BIGINT), NULL, contributions, \(unsafeRaw: none)
            FROM subscription_metric_contributions WHERE \(scope)
            """).all()
        for row in rows {
            let subscription = key(try row.string("subscription_id"))
            guard inputs[subscription] != nil else { continue }
            switch FoldInputPart(rawValue: try row.int64("part")) {
            case .subscription:
                inputs[subscription]?.owner = try row.string("app_user_id")
                inputs[subscription]?.state = try JSONBody.decode(SubscriptionState.self, from: try row.string("body"))
            case .transaction:
                inputs[subscription]?.transactions.append(try JSONBody.decode(TransactionFact.self, from: try row.string("body")))
            case .renewalInfo:
                inputs[subscription]?.renewalInfos.append(try JSONBody.decode(RenewalInfoFact.self, from: try row.string("body")))
            case .event:
                inputs[subscription]?.events.append(try Self.storedEvent(from: row))
            case .contributions:
                inputs[subscription]?.contributions =
                    try JSONBody.decode(MetricContributionsBody.self, from: try row.string("body")).contributions
            case nil:
                throw StorageError(.corruptRecord, "a fold input of an unknown part was read")
            }
        }
    }
}
