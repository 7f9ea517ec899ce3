import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// PostgreSQL: a transaction-scoped advisory lock on a stable 64-bit hash of the app and subscription,
    /// released at commit or rollback. SQLite: nothing to do, transactions already run one at a time.
    public func lockSubscription(appID: String, subscription: SubscriptionKey) async throws {
        guard session.kind == .postgresql else { return }
        try await sql.raw("SELECT pg_advisory_xact_lock(\(bind: Self.lockKey(appID: appID, subscription: subscription)))").run()
    }

    /// The advisory lock's key: a stable 64-bit hash of the app and subscription.
    static func lockKey(appID: String, subscription: SubscriptionKey) -> Int64 {
        StableHash.fnv1a64("subscription|\(appID)|\(subscription.store.rawValue)|\(subscription.id)")
    }

    /// The app user id that owns the subscription, if it is stored.
    public func subscriptionOwner(appID: String, subscription: SubscriptionKey) async throws -> String? {
        try await sql.raw("""
            SELECT owner_app_user_id FROM subscriptions
            WHERE app_id = \(bind: appID) AND store = \(bind: subscription.store.rawValue)
                AND subscription_id = \(bind: subscription.id)
            """).first().map { try $0.string("owner_app_user_id") }
    }

    /// The stored state of the subscription, if any.
    public func subscriptionState(appID: String, subscription: SubscriptionKey) async throws -> SubscriptionState? {
        try await sql.raw("""
            SELECT body FROM subscriptions
            WHERE app_id = \(bind: appID) AND store = \(bind: subscription.store.rawValue)
                AND subscription_id = \(bind: subscription.id)
            """).first().map { try JSONBody.decode(SubscriptionState.self, from: try $0.string("body")) }
    }

    /// Inserts or replaces the subscription's state, status, expiry, auto-renew and owner (`polled_at` is
    /// left as it is: the poll schedule owns it).
    public func saveSubscription(
        appID: String, ownerAppUserID: String, state: SubscriptionState, updatedAt: Instant
    ) async throws {
        try await saveSubscriptions(appID: appID, [SubscriptionSave(ownerAppUserID: ownerAppUserID, state: state)], updatedAt: updatedAt)
    }

    /// One statement per 500 subscriptions, in key order (rows locked in one order by every batch); of two
    /// saves of one subscription (its id compared byte for byte), the later.
    public func saveSubscriptions(appID: String, _ saves: [SubscriptionSave], updatedAt: Instant) async throws {
        for statement in try Self.subscriptionUpserts(appID: appID, saves, updatedAt: updatedAt) {
            try await sql.raw(statement).run()
        }
    }

    static func subscriptionUpserts(appID: String, _ saves: [SubscriptionSave], updatedAt: Instant) throws -> [SQLQueryString] {
        var latest: [StoreRowKey: SubscriptionSave] = [:]
        for save in saves { latest[StoreRowKey(save.state.key)] = save }
        let rows = try latest.sorted { $0.key < $1.key }.map { _, save -> SQLQueryString in
            let state = save.state
            return """
                (\(bind: appID), \(bind: state.key.store.rawValue), \(bind: state.key.id), \(bind: save.ownerAppUserID),
                 \(bind: try JSONBody.encode(state)), \(bind: state.status.rawValue), \(bind: state.expiresAt?.milliseconds),
                 \(bind: state.willRenew ? 1 : 0), \(bind: updatedAt.milliseconds))
                """
        }
        return stride(from: 0, to: rows.count, by: 500).map { start in
            """
            INSERT INTO subscriptions (app_id, store, subscription_id, owner_app_user_id, body, status,
                                       expires_at, will_renew, updated_at)
            VALUES \(rows[start..<min(start + 500, rows.count)].joined(separator: ", "))
            ON CONFLICT (app_id, store, subscription_id) DO UPDATE SET
                owner_app_user_id = excluded.owner_app_user_id,
                body = excluded.body,
                status = excluded.status,
                expires_at = excluded.expires_at,
                will_renew = excluded.will_renew,
                updated_at = excluded.updated_at
            """
        }
    }

    /// The subscriptions the customer owns, sorted by key.
    public func subscriptions(appID: String, appUserID: String) async throws -> [SubscriptionState] {
        try await sql.raw("""
            SELECT body FROM subscriptions
            WHERE app_id = \(bind: appID) AND owner_app_user_id = \(bind: appUserID)
            """).all()
            .map { try JSONBody.decode(SubscriptionState.self, from: try $0.string("body")) }
            // Sorted here, not in SQL: PostgreSQL's collation may order text differently from Swift.
            .sorted { $0.key < $1.key }
    }
}
