import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    public func recordStoreReference(
        appID: String, subscription: SubscriptionKey, reference: String, recordedAt: Instant
    ) async throws {
        try await sql.raw("""
            INSERT INTO store_references (app_id, store, reference, subscription_id, recorded_at)
            VALUES (\(bind: appID), \(bind: subscription.store.rawValue), \(bind: reference), \(bind: subscription.id),
                    \(bind: recordedAt.milliseconds))
            ON CONFLICT (app_id, store, reference) DO NOTHING
            """).run()
    }

    public func subscription(appID: String, store: Store, reference: String) async throws -> SubscriptionKey? {
        try await sql.raw("""
            SELECT subscription_id FROM store_references
            WHERE app_id = \(bind: appID) AND store = \(bind: store.rawValue) AND reference = \(bind: reference)
            """).first().map { SubscriptionKey(store: store, id: try $0.string("subscription_id")) }
    }

    public func latestStoreReference(appID: String, subscription: SubscriptionKey) async throws -> String? {
        try await sql.raw("""
            SELECT reference FROM store_references
            WHERE app_id = \(bind: appID) AND store = \(bind: subscription.store.rawValue)
              AND subscription_id = \(bind: subscription.id)
            ORDER BY recorded_at DESC, reference DESC LIMIT 1
            """).first().map { try $0.string("reference") }
    }
}
