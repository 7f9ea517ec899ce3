import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    public func lockCustomer(appID: String, appUserID: String, exclusive: Bool) async throws {
        guard session.kind == .postgresql else { return }
        let key = StableHash.fnv1a64("customer|\(appID)|\(appUserID)")
        let function = exclusive ? "pg_advisory_xact_lock" : "pg_advisory_xact_lock_shared"
        try await sql.raw("SELECT \(unsafeRaw: function)(\(bind: key))").run()
    }

    public func aliasTarget(appID: String, alias: String) async throws -> String? {
        try await sql.raw("""
            SELECT app_user_id FROM customer_aliases
            WHERE app_id = \(bind: appID) AND alias_app_user_id = \(bind: alias)
            """).first().map { try $0.string("app_user_id") }
    }

    public func aliases(appID: String, appUserID: String) async throws -> [String] {
        try await sql.raw("""
            SELECT alias_app_user_id FROM customer_aliases
            WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID)
            ORDER BY alias_app_user_id
            """).all().map { try $0.string("alias_app_user_id") }
    }

    public func mergeCustomer(appID: String, alias: String, into target: String, at now: Instant) async throws -> [SubscriptionKey] {
        let moved = try await subscriptionKeys(appID: appID, ownedBy: alias)
        for key in moved {
            try await lockSubscription(appID: appID, subscription: key)
        }
        let createdAt = try await customer(appID: appID, appUserID: alias)?.createdAt ?? now
        try await sql.raw("""
            INSERT INTO customers (app_id, app_user_id, created_at)
            VALUES (\(bind: appID), \(bind: target), \(bind: createdAt.milliseconds))
            ON CONFLICT (app_id, app_user_id) DO UPDATE SET created_at = CASE
                WHEN excluded.created_at < customers.created_at THEN excluded.created_at ELSE customers.created_at END
            """).run()
        try await renameAppUserID(appID: appID, from: alias, to: target)
        try await sql.raw("""
            INSERT INTO store_tokens (app_id, app_user_id, store, kind, sealed_token, updated_at)
            SELECT app_id, \(bind: target), store, kind, sealed_token, updated_at FROM store_tokens
            WHERE app_id = \(bind: appID) AND app_user_id = \(bind: alias)
            ON CONFLICT (app_id, app_user_id, store, kind) DO UPDATE SET
                sealed_token = excluded.sealed_token, updated_at = excluded.updated_at
            WHERE store_tokens.updated_at < excluded.updated_at
            """).run()
        try await sql.raw("""
            INSERT INTO engagement_signals (app_id, app_user_id, body, reported_at)
            SELECT app_id, \(bind: target), body, reported_at FROM engagement_signals
            WHERE app_id = \(bind: appID) AND app_user_id = \(bind: alias)
            ON CONFLICT (app_id, app_user_id) DO UPDATE SET body = excluded.body, reported_at = excluded.reported_at
            WHERE engagement_signals.reported_at < excluded.reported_at
            """).run()
        for table in ["store_tokens", "engagement_signals", "customers"] {
            try await sql.raw("""
                DELETE FROM \(unsafeRaw: table) WHERE app_id = \(bind: appID) AND app_user_id = \(bind: alias)
                """).run()
        }
        try await sql.raw("""
            UPDATE customer_aliases SET app_user_id = \(bind: target)
            WHERE app_id = \(bind: appID) AND app_user_id = \(bind: alias)
            """).run()
        try await sql.raw("""
            INSERT INTO customer_aliases (app_id, alias_app_user_id, app_user_id, merged_at)
            VALUES (\(bind: appID), \(bind: alias), \(bind: target), \(bind: now.milliseconds))
            ON CONFLICT (app_id, alias_app_user_id) DO NOTHING
            """).run()
        return moved
    }

    /// The subscriptions a customer owns, sorted (the order every writer locks them in).
    func subscriptionKeys(appID: String, ownedBy appUserID: String) async throws -> [SubscriptionKey] {
        try await sql.raw("""
            SELECT store, subscription_id FROM subscriptions
            WHERE app_id = \(bind: appID) AND owner_app_user_id = \(bind: appUserID)
            """).all().map { row in
                guard let store = Store(rawValue: try row.string("store")) else {
                    throw StorageError(.corruptRecord, "a stored subscription names no valid store")
                }
                return SubscriptionKey(store: store, id: try row.string("subscription_id"))
            }.sorted()
    }

    /// Makes the subscriptions, events, account tokens and offers of `old` name `new` (tables keyed by
    /// something else than the customer, where moving a row cannot collide).
    func renameAppUserID(appID: String, from old: String, to new: String) async throws {
        try await sql.raw("""
            UPDATE subscriptions SET owner_app_user_id = \(bind: new)
            WHERE app_id = \(bind: appID) AND owner_app_user_id = \(bind: old)
            """).run()
        for table in ["events", "account_tokens", "offer_signatures", "offer_grants", "paywall_exposures", "paywall_events"] {
            try await sql.raw("""
                UPDATE \(unsafeRaw: table) SET app_user_id = \(bind: new)
                WHERE app_id = \(bind: appID) AND app_user_id = \(bind: old)
                """).run()
        }
        try await refreshCustomerLifetimeValues(appID: appID, appUserIDs: [old, new])
    }
}
