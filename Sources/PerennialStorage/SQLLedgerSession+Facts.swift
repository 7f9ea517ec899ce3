import Foundation
import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// Inserts each transaction, or merges it into the stored copy (`stored.merged(with: new)`) and rewrites
    /// the row only when the merge added something. Facts of one transaction given twice are merged in the
    /// order given.
    ///
    /// Set-based: one insert of the new rows (`ON CONFLICT DO NOTHING`), and only when some were stored
    /// already, one read of those, `FOR UPDATE` on PostgreSQL, and an update of each the merge changed. When
    /// two writes insert the same new row at once, the loser's insert waits for the winner, then merges into
    /// its row.
    public func saveTransactions(appID: String, _ transactions: [TransactionFact], recordedAt: Instant) async throws {
        try await saveTransactions(appID: appID, transactions, recordedAt: recordedAt, riding: nil)
    }

    /// On PostgreSQL, with transactions and snapshots both given, one statement for the new transactions and
    /// the snapshots (their upsert as a data-modifying `WITH` of the transactions' insert).
    public func saveFacts(
        appID: String, transactions: [TransactionFact], renewalInfos: [RenewalInfoFact], recordedAt: Instant
    ) async throws {
        let upserts = try Self.renewalInfoUpserts(appID: appID, renewalInfos, recordedAt: recordedAt)
        guard session.kind == .postgresql, !transactions.isEmpty, upserts.count == 1 else {
            try await saveTransactions(appID: appID, transactions, recordedAt: recordedAt)
            for upsert in upserts { try await sql.raw(upsert).run() }
            return
        }
        try await saveTransactions(appID: appID, transactions, recordedAt: recordedAt, riding: upserts[0])
    }

    /// `rider`: a statement sent as a `WITH` of the first insert.
    private func saveTransactions(
        appID: String, _ transactions: [TransactionFact], recordedAt: Instant, riding rider: SQLQueryString?
    ) async throws {
        var keys: [StoreRowKey] = []
        var facts: [StoreRowKey: [TransactionFact]] = [:]
        for fact in transactions {
            let key = StoreRowKey(store: fact.store, id: fact.transactionID)
            if facts[key] == nil { keys.append(key) }
            facts[key, default: []].append(fact)
        }
        // In one order for every write, so that two inserting the same rows cannot wait for each other in a circle.
        keys.sort()
        for start in stride(from: 0, to: keys.count, by: Self.transactionsPerStatement) {
            let chunk = Array(keys[start..<min(start + Self.transactionsPerStatement, keys.count)])
            try await save(chunk, facts: facts, appID: appID, recordedAt: recordedAt, riding: start == 0 ? rider : nil)
        }
    }

    /// How many transactions one insert or read names.
    static let transactionsPerStatement = 500

    private func save(
        _ keys: [StoreRowKey], facts: [StoreRowKey: [TransactionFact]], appID: String, recordedAt: Instant,
        riding rider: SQLQueryString?
    ) async throws {
        var rider = rider
        // The body a new row starts with: the transaction's facts merged in order.
        let fresh = { (key: StoreRowKey) -> TransactionFact in
            let given = facts[key]!
            return given.dropFirst().reduce(given[0]) { $0.merged(with: $1) }
        }
        var pending = keys
        for _ in 0..<3 {
            let rows = try pending.map { key -> SQLQueryString in
                let fact = fresh(key)
                return """
                    (\(bind: appID), \(bind: key.store.rawValue), \(bind: key.id.text), \(bind: fact.subscriptionID),
                     \(bind: try JSONBody.encode(fact)), \(bind: recordedAt.milliseconds))
                    """
            }
            let riding: SQLQueryString = rider.map { "WITH rider AS (\($0)) " } ?? ""
            rider = nil
            let inserted = try await sql.raw(riding + """
                INSERT INTO transactions (app_id, store, transaction_id, subscription_id, body, recorded_at)
                VALUES \(rows.joined(separator: ", "))
                ON CONFLICT (app_id, store, transaction_id) DO NOTHING
                RETURNING store, transaction_id
                """).all().map { StoreRowKey(store: try Self.store(in: $0), id: try $0.string("transaction_id")) }
            pending.removeAll(where: Set(inserted).contains)
            guard !pending.isEmpty else { return }
            let found = try await storedTransactions(appID: appID, pending)
            pending.removeAll(where: Set(found.map(\.0)).contains)
            for (key, stored) in found {
                let merged = facts[key]!.reduce(stored) { $0.merged(with: $1) }
                guard merged != stored else { continue }
                try await sql.raw("""
                    UPDATE transactions SET body = \(bind: try JSONBody.encode(merged)), recorded_at = \(bind: recordedAt.milliseconds)
                    WHERE app_id = \(bind: appID) AND store = \(bind: key.store.rawValue) AND transaction_id = \(bind: key.id.text)
                    """).run()
            }
            // What is still pending was neither inserted nor found: removed meanwhile; inserted again.
            guard !pending.isEmpty else { return }
        }
        throw StorageError(.writeConflict, "a store transaction's row kept conflicting with concurrent writes")
    }

    /// The stored copies of these transactions, locked for update on PostgreSQL.
    private func storedTransactions(
        appID: String, _ keys: [StoreRowKey]
    ) async throws -> [(StoreRowKey, TransactionFact)] {
        var stored: [(StoreRowKey, TransactionFact)] = []
        for (store, ids) in Dictionary(grouping: keys, by: \.store).sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for row in try await sql.raw("""
                SELECT transaction_id, body FROM transactions
                WHERE app_id = \(bind: appID) AND store = \(bind: store.rawValue)
                    AND transaction_id IN (\(binds: ids.map(\.id.text)))\(unsafeRaw: forUpdate)
                """).all() {
                let key = StoreRowKey(store: store, id: try row.string("transaction_id"))
                stored.append((key, try JSONBody.decode(TransactionFact.self, from: try row.string("body"))))
            }
        }
        return stored
    }

    private static func store(in row: any SQLRow) throws -> Store {
        guard let store = Store(rawValue: try row.string("store")) else {
            throw StorageError(.corruptRecord, "a stored transaction names no valid store")
        }
        return store
    }

    /// Inserts each snapshot. Of two snapshots of one subscription observed at the same instant, the one with
    /// the greater `tieBreakKey` is kept (the one `RenewalInfoFact.latest` picks), whatever the order they
    /// arrive in; an identical one changes nothing.
    public func saveRenewalInfos(appID: String, _ renewalInfos: [RenewalInfoFact], recordedAt: Instant) async throws {
        for upsert in try Self.renewalInfoUpserts(appID: appID, renewalInfos, recordedAt: recordedAt) {
            try await sql.raw(upsert).run()
        }
    }

    /// The snapshots upserted by one statement per 500 (7 parameters each, far below either database's limit).
    /// Of two given for one subscription and instant only the one with the greater `tieBreakKey` goes
    /// (PostgreSQL refuses a statement that touches a row twice), as the rows' own rule would keep it had they
    /// come one after another.
    static func renewalInfoUpserts(appID: String, _ renewalInfos: [RenewalInfoFact], recordedAt: Instant) throws -> [SQLQueryString] {
        struct Row: Hashable {
            var store: Store
            var subscriptionID: ExactString
            var observedAt: Int64
        }
        var kept: [Row: RenewalInfoFact] = [:]
        var order: [Row] = []
        for info in renewalInfos {
            let row = Row(store: info.store, subscriptionID: ExactString(info.subscriptionID), observedAt: info.observedAt.milliseconds)
            guard let other = kept[row] else {
                kept[row] = info
                order.append(row)
                continue
            }
            if other.tieBreakKey.lexicographicallyPrecedes(info.tieBreakKey) { kept[row] = info }
        }
        let rows = try order.map { row -> SQLQueryString in
            let info = kept[row]!
            return """
                (\(bind: appID), \(bind: info.store.rawValue), \(bind: info.subscriptionID), \(bind: info.observedAt.milliseconds),
                 \(bind: try JSONBody.encode(info)), \(bind: recordedAt.milliseconds), \(bind: Data(info.tieBreakKey)))
                """
        }
        return stride(from: 0, to: rows.count, by: 500).map { start in
            """
            INSERT INTO renewal_infos (app_id, store, subscription_id, observed_at, body, recorded_at, tie_break)
            VALUES \(rows[start..<min(start + 500, rows.count)].joined(separator: ", "))
            ON CONFLICT (app_id, store, subscription_id, observed_at) DO UPDATE SET
                body = excluded.body, recorded_at = excluded.recorded_at, tie_break = excluded.tie_break
            WHERE renewal_infos.tie_break IS NULL OR renewal_infos.tie_break < excluded.tie_break
            """
        }
    }

    /// Every stored transaction of the subscription, in no particular order.
    public func transactions(appID: String, subscription: SubscriptionKey) async throws -> [TransactionFact] {
        try await sql.raw("""
            SELECT body FROM transactions
            WHERE app_id = \(bind: appID) AND store = \(bind: subscription.store.rawValue)
                AND subscription_id = \(bind: subscription.id)
            """).all().map { try JSONBody.decode(TransactionFact.self, from: try $0.string("body")) }
    }

    /// Every stored renewal-info snapshot of the subscription, in no particular order.
    public func renewalInfos(appID: String, subscription: SubscriptionKey) async throws -> [RenewalInfoFact] {
        try await sql.raw("""
            SELECT body FROM renewal_infos
            WHERE app_id = \(bind: appID) AND store = \(bind: subscription.store.rawValue)
                AND subscription_id = \(bind: subscription.id)
            """).all().map { try JSONBody.decode(RenewalInfoFact.self, from: try $0.string("body")) }
    }
}

extension SQLLedgerSession {
    public func subscriptionKeys(appID: String, after: SubscriptionKey?, limit: Int) async throws -> [SubscriptionKey] {
        guard limit > 0 else { return [] }
        let store = after?.store.rawValue ?? ""
        let id = after?.id ?? ""
        return try await sql.raw("""
            SELECT DISTINCT store, subscription_id FROM transactions
            WHERE app_id = \(bind: appID)
                AND (store > \(bind: store) OR (store = \(bind: store) AND subscription_id > \(bind: id)))
            ORDER BY store, subscription_id
            LIMIT \(bind: Int64(limit))
            """).all().map { row in
                guard let store = Store(rawValue: try row.string("store")) else {
                    throw StorageError(.corruptRecord, "a stored transaction names no valid store")
                }
                return SubscriptionKey(store: store, id: try row.string("subscription_id"))
            }
    }
}
