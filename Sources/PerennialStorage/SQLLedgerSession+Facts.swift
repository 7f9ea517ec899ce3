import Foundation
import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// Inserts each transaction, or merges it into the stored copy (`stored.merged(with: new)`) and rewrites
    /// the row only when the merge added something.
    ///
    /// On PostgreSQL the stored row is read `FOR UPDATE`; when two transactions insert the same new row at
    /// once, the loser's `ON CONFLICT DO NOTHING` waits for the winner, then merges into its row.
    public func saveTransactions(appID: String, _ transactions: [TransactionFact], recordedAt: Instant) async throws {
        for fact in transactions {
            try await save(fact, appID: appID, recordedAt: recordedAt)
        }
    }

    private func save(_ fact: TransactionFact, appID: String, recordedAt: Instant) async throws {
        for _ in 0..<3 {
            if let row = try await sql.raw("""
                SELECT body FROM transactions
                WHERE app_id = \(bind: appID) AND store = \(bind: fact.store.rawValue)
                    AND transaction_id = \(bind: fact.transactionID)\(unsafeRaw: forUpdate)
                """).first()
            {
                let stored = try JSONBody.decode(TransactionFact.self, from: try row.string("body"))
                let merged = stored.merged(with: fact)
                guard merged != stored else { return }
                try await sql.raw("""
                    UPDATE transactions SET body = \(bind: try JSONBody.encode(merged)),
                        recorded_at = \(bind: recordedAt.milliseconds)
                    WHERE app_id = \(bind: appID) AND store = \(bind: fact.store.rawValue)
                        AND transaction_id = \(bind: fact.transactionID)
                    """).run()
                return
            }
            let inserted = try await sql.raw("""
                INSERT INTO transactions (app_id, store, transaction_id, subscription_id, body, recorded_at)
                VALUES (\(bind: appID), \(bind: fact.store.rawValue), \(bind: fact.transactionID),
                        \(bind: fact.subscriptionID), \(bind: try JSONBody.encode(fact)),
                        \(bind: recordedAt.milliseconds))
                ON CONFLICT (app_id, store, transaction_id) DO NOTHING
                RETURNING transaction_id
                """).first()
            if inserted != nil { return }
        }
        throw StorageError(.writeConflict, "a store transaction's row kept conflicting with concurrent writes")
    }

    /// Inserts each snapshot. Of two snapshots of one subscription observed at the same instant, the one with
    /// the greater `tieBreakKey` is kept (the one `RenewalInfoFact.latest` picks), whatever the order they
    /// arrive in; an identical one changes nothing.
    public func saveRenewalInfos(appID: String, _ renewalInfos: [RenewalInfoFact], recordedAt: Instant) async throws {
        for info in renewalInfos {
            try await sql.raw("""
                INSERT INTO renewal_infos (app_id, store, subscription_id, observed_at, body, recorded_at,
                                           tie_break)
                VALUES (\(bind: appID), \(bind: info.store.rawValue), \(bind: info.subscriptionID),
                        \(bind: info.observedAt.milliseconds), \(bind: try JSONBody.encode(info)),
                        \(bind: recordedAt.milliseconds), \(bind: Data(info.tieBreakKey)))
                ON CONFLICT (app_id, store, subscription_id, observed_at) DO UPDATE SET
                    body = excluded.body,
                    recorded_at = excluded.recorded_at,
                    tie_break = excluded.tie_break
                WHERE renewal_infos.tie_break IS NULL OR renewal_infos.tie_break < excluded.tie_break
                """).run()
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
