import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// The columns every event read selects.
    static let eventColumns = #""sequence", app_user_id, body, recorded_at, feed_position, customer_sequence, retracted_at"#

    /// Inserts the events in order, skipping any whose fingerprint already stands for the app, numbers the
    /// new ones in the customer's sequence (under the customer row's lock, held to commit) and notes them
    /// for the feed position the write gives them last.
    @discardableResult
    public func appendEvents(
        appID: String, appUserID: String, _ events: [LifecycleEvent], recordedAt: Instant
    ) async throws -> [StoredEvent] {
        if session.kind == .postgresql {
            return try await appendEventsInOneStatement(appID: appID, appUserID: appUserID, events, recordedAt: recordedAt)
        }
        var stored: [StoredEvent] = []
        for event in events {
            let row = try await sql.raw("""
                INSERT INTO events (app_id, app_user_id, store, subscription_id, fingerprint, kind, body,
                                    occurred_at, recorded_at)
                VALUES (\(bind: appID), \(bind: appUserID), \(bind: event.subscription.store.rawValue),
                        \(bind: event.subscription.id), \(bind: event.fingerprint),
                        \(bind: event.kind.rawValue), \(bind: try JSONBody.encode(event)),
                        \(bind: event.occurredAt.milliseconds), \(bind: recordedAt.milliseconds))
                ON CONFLICT (app_id, fingerprint) DO NOTHING
                RETURNING "sequence"
                """).first()
            guard let row else { continue }
            stored.append(StoredEvent(sequence: try row.int64("sequence"), appUserID: appUserID, event: event, recordedAt: recordedAt))
        }
        guard !stored.isEmpty else { return [] }
        // Numbered in the customer's sequence in one statement: the counter moves past the span of this
        // write's sequences (gaps are harmless, order is what counts).
        let first = stored[0].sequence, span = stored[stored.count - 1].sequence - first + 1
        if let counter = try await sql.raw("""
            UPDATE customers SET event_count = event_count + \(bind: span)
            WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID)
            RETURNING event_count
            """).first() {
            let base = try counter.int64("event_count") - span + 1
            for start in stride(from: 0, to: stored.count, by: 500) {
                try await sql.raw("""
                    UPDATE events SET customer_sequence = \(bind: base - first) + "sequence"
                    WHERE "sequence" IN (\(binds: stored[start..<min(start + 500, stored.count)].map(\.sequence)))
                    """).run()
            }
            for index in stored.indices {
                stored[index].customerSequence = base + stored[index].sequence - first
            }
        }
        // PostgreSQL stamps them as the write commits (a deferred trigger, `Migration.eventFeedAtCommit`).
        if session.kind == .sqlite { feedStamps.add(appID: appID, sequences: stored.map(\.sequence)) }
        return stored
    }

    /// Gives the events this write recorded their feed positions: the app's feed head moves past them (its
    /// row stays locked until the write commits, so the next write's positions come after this one's
    /// commit), and each event takes `head + 1 + (sequence - first sequence)`. Run last in a write.
    ///
    /// On PostgreSQL the events take their positions inside the commit, from a deferred trigger
    /// (`Migration.eventFeedAtCommit`): here the write only sends what it deferred to its end
    /// (`sendDeferredWrites`). (SQLite's single writer holds up nobody by its stamp, and there the deliveries
    /// wait for the group's commit, to share its insert.)
    func stampEventFeed() async throws {
        if session.kind == .postgresql {
            try await sendDeferredWrites()
            return
        }
        for (appID, sequences) in feedStamps.take() {
            guard let first = sequences.first, let last = sequences.last else { continue }
            let span = last - first + 1
            let head = try await sql.raw("""
                INSERT INTO event_feed_heads (app_id, position) VALUES (\(bind: appID), \(bind: span))
                ON CONFLICT (app_id) DO UPDATE SET position = event_feed_heads.position + \(bind: span)
                RETURNING position
                """).first()
            guard let head else { throw StorageError(.corruptRecord, "the event feed's head was not returned") }
            let base = try head.int64("position") - span + 1
            for start in stride(from: 0, to: sequences.count, by: 500) {
                let chunk = Array(sequences[start..<min(start + 500, sequences.count)])
                try await sql.raw("""
                    UPDATE events SET feed_position = \(bind: base - first) + "sequence"
                    WHERE "sequence" IN (\(binds: chunk))
                    """).run()
            }
        }
    }

    /// The customer's first `limit` standing events, by `occurredAt` then sequence.
    public func events(appID: String, appUserID: String, limit: Int) async throws -> [StoredEvent] {
        guard limit > 0 else { return [] }
        return try await sql.raw("""
            SELECT \(unsafeRaw: Self.eventColumns) FROM events
            WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID) AND retracted_at IS NULL
                AND kind <> \(bind: LifecycleEventKind.eventRetracted.rawValue)
            ORDER BY occurred_at, "sequence"
            LIMIT \(bind: Int64(limit))
            """).all().map(Self.storedEvent(from:))
    }

    /// Every standing event of the subscription (neither retracted nor a retraction), by `occurredAt` then
    /// sequence.
    public func events(appID: String, subscription: SubscriptionKey) async throws -> [StoredEvent] {
        try await sql.raw("""
            SELECT \(unsafeRaw: Self.eventColumns) FROM events
            WHERE app_id = \(bind: appID) AND store = \(bind: subscription.store.rawValue)
                AND subscription_id = \(bind: subscription.id) AND retracted_at IS NULL
                AND kind <> \(bind: LifecycleEventKind.eventRetracted.rawValue)
            ORDER BY occurred_at, "sequence"
            """).all().map(Self.storedEvent(from:))
    }

    /// Marks the subscription's standing events with these fingerprints retracted; an event of another
    /// subscription is never touched, even with a matching fingerprint. The fingerprint gains `#retracted-`
    /// and the sequence, so the same event may stand again if a later history derives it.
    public func retractEvents(
        appID: String, subscription: SubscriptionKey, fingerprints: [String], at now: Instant
    ) async throws -> [StoredEvent] {
        var retracted: [StoredEvent] = []
        // In chunks, to stay far below the databases' limits on bound parameters.
        for start in stride(from: 0, to: fingerprints.count, by: 500) {
            let chunk = Array(fingerprints[start..<min(start + 500, fingerprints.count)])
            let rows = try await sql.raw("""
                SELECT \(unsafeRaw: Self.eventColumns) FROM events
                WHERE app_id = \(bind: appID) AND store = \(bind: subscription.store.rawValue)
                    AND subscription_id = \(bind: subscription.id) AND retracted_at IS NULL
                    AND fingerprint IN (\(binds: chunk))
                ORDER BY "sequence"
                """).all().map(Self.storedEvent(from:))
            for event in rows {
                try await sql.raw("""
                    UPDATE events SET retracted_at = \(bind: now.milliseconds),
                        fingerprint = fingerprint || \(bind: "#retracted-\(event.sequence)")
                    WHERE "sequence" = \(bind: event.sequence)
                    """).run()
            }
            retracted += rows
        }
        return retracted
    }

    /// The app's events after a feed position, in feed order.
    public func eventFeed(appID: String, after: Int64, limit: Int) async throws -> [StoredEvent] {
        guard limit > 0 else { return [] }
        return try await sql.raw("""
            SELECT \(unsafeRaw: Self.eventColumns) FROM events
            WHERE app_id = \(bind: appID) AND feed_position > \(bind: after)
            ORDER BY feed_position
            LIMIT \(bind: Int64(limit))
            """).all().map(Self.storedEvent(from:))
    }

    static func storedEvent(from row: any SQLRow) throws -> StoredEvent {
        StoredEvent(
            sequence: try row.int64("sequence"), appUserID: try row.string("app_user_id"),
            event: try JSONBody.decode(LifecycleEvent.self, from: try row.string("body")),
            recordedAt: Instant(milliseconds: try row.int64("recorded_at")),
            feedPosition: try row.optionalInt64("feed_position"),
            customerSequence: try row.optionalInt64("customer_sequence"),
            retractedAt: try row.optionalInt64("retracted_at").map(Instant.init(milliseconds:))
        )
    }
}
