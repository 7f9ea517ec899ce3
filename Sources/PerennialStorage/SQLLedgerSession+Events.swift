import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// Inserts the events in order (so their sequence numbers follow it), skipping any whose fingerprint is
    /// already stored for the app.
    public func appendEvents(
        appID: String, appUserID: String, _ events: [LifecycleEvent], recordedAt: Instant
    ) async throws {
        for event in events {
            try await sql.raw("""
                INSERT INTO events (app_id, app_user_id, store, subscription_id, fingerprint, kind, body,
                                    occurred_at, recorded_at)
                VALUES (\(bind: appID), \(bind: appUserID), \(bind: event.subscription.store.rawValue),
                        \(bind: event.subscription.id), \(bind: event.fingerprint),
                        \(bind: event.kind.rawValue), \(bind: try JSONBody.encode(event)),
                        \(bind: event.occurredAt.milliseconds), \(bind: recordedAt.milliseconds))
                ON CONFLICT (app_id, fingerprint) DO NOTHING
                """).run()
        }
    }

    /// The customer's first `limit` events, by `occurredAt` then sequence.
    public func events(appID: String, appUserID: String, limit: Int) async throws -> [StoredEvent] {
        guard limit > 0 else { return [] }
        return try await sql.raw("""
            SELECT "sequence", app_user_id, body, recorded_at FROM events
            WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID)
            ORDER BY occurred_at, "sequence"
            LIMIT \(bind: Int64(limit))
            """).all().map(Self.storedEvent(from:))
    }

    /// Every event of the subscription, by `occurredAt` then sequence.
    public func events(appID: String, subscription: SubscriptionKey) async throws -> [StoredEvent] {
        try await sql.raw("""
            SELECT "sequence", app_user_id, body, recorded_at FROM events
            WHERE app_id = \(bind: appID) AND store = \(bind: subscription.store.rawValue)
                AND subscription_id = \(bind: subscription.id)
            ORDER BY occurred_at, "sequence"
            """).all().map(Self.storedEvent(from:))
    }

    /// Deletes the subscription's events with these fingerprints; an event of another subscription is never
    /// touched, even with a matching fingerprint.
    public func deleteEvents(appID: String, subscription: SubscriptionKey, fingerprints: [String]) async throws {
        // In chunks, to stay far below the databases' limits on bound parameters.
        for start in stride(from: 0, to: fingerprints.count, by: 500) {
            let chunk = Array(fingerprints[start..<min(start + 500, fingerprints.count)])
            try await sql.raw("""
                DELETE FROM events
                WHERE app_id = \(bind: appID) AND store = \(bind: subscription.store.rawValue)
                    AND subscription_id = \(bind: subscription.id)
                    AND fingerprint IN (\(binds: chunk))
                """).run()
        }
    }

    private static func storedEvent(from row: any SQLRow) throws -> StoredEvent {
        StoredEvent(
            sequence: try row.int64("sequence"), appUserID: try row.string("app_user_id"),
            event: try JSONBody.decode(LifecycleEvent.self, from: try row.string("body")),
            recordedAt: Instant(milliseconds: try row.int64("recorded_at"))
        )
    }
}
