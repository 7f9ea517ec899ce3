import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// `appendEvents` on PostgreSQL, in one round trip: the events whose fingerprints do not stand yet for the
    /// app (the first of any given twice) are inserted in the order given, numbered from the customer's counter,
    /// which moves past them under the customer row's lock, held to commit. (A concurrent write inserting the
    /// same fingerprint first leaves a gap in the customer's numbers, which is harmless: their order is what
    /// counts.) The feed positions come as the write commits (`Migration.eventFeedAtCommit`).
    func appendEventsInOneStatement(
        appID: String, appUserID: String, _ events: [LifecycleEvent], recordedAt: Instant
    ) async throws -> [StoredEvent] {
        guard !events.isEmpty else { return [] }
        let rows = try await sql.raw("""
            WITH given AS (
                SELECT DISTINCT ON (fingerprint) *
                FROM unnest(\(bind: events.map(\.subscription.store.rawValue))::text[], \(bind: events.map(\.subscription.id))::text[],
                            \(bind: events.map(\.fingerprint))::text[], \(bind: events.map(\.kind.rawValue))::text[],
                            \(bind: try events.map { try JSONBody.encode($0) })::text[],
                            \(bind: events.map(\.occurredAt.milliseconds))::bigint[])
                    WITH ORDINALITY AS given(store, subscription_id, fingerprint, kind, body, occurred_at, number)
                ORDER BY fingerprint, number
            ), fresh AS (
                SELECT given.*, row_number() OVER (ORDER BY number) AS rank FROM given
                WHERE NOT EXISTS (SELECT 1 FROM events WHERE app_id = \(bind: appID) AND fingerprint = given.fingerprint)
            ), counter AS (
                UPDATE customers SET event_count = event_count + (SELECT count(*) FROM fresh)
                WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID) AND EXISTS (SELECT 1 FROM fresh)
                RETURNING event_count
            )
            INSERT INTO events (app_id, app_user_id, store, subscription_id, fingerprint, kind, body, occurred_at,
                                recorded_at, customer_sequence)
            SELECT \(bind: appID), \(bind: appUserID), fresh.store, fresh.subscription_id, fresh.fingerprint, fresh.kind,
                   fresh.body, fresh.occurred_at, \(bind: recordedAt.milliseconds),
                   (SELECT event_count FROM counter) - (SELECT count(*) FROM fresh) + fresh.rank
            FROM fresh ORDER BY fresh.rank
            ON CONFLICT (app_id, fingerprint) DO NOTHING
            RETURNING "sequence", fingerprint, customer_sequence
            """).all()
        var inserted: [String: (sequence: Int64, customerSequence: Int64?)] = [:]
        for row in rows {
            inserted[try row.string("fingerprint")] = (try row.int64("sequence"), try row.optionalInt64("customer_sequence"))
        }
        var stored: [StoredEvent] = []
        for event in events {
            // A fingerprint given twice is one event, the first.
            guard let numbers = inserted.removeValue(forKey: event.fingerprint) else { continue }
            stored.append(StoredEvent(
                sequence: numbers.sequence, appUserID: appUserID, event: event, recordedAt: recordedAt,
                customerSequence: numbers.customerSequence))
        }
        return stored
    }
}
