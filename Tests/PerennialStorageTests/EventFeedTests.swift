import Foundation
import PerennialCore
import PerennialServices
@testable import PerennialStorage
import Synchronization
import Testing

/// The app's event feed (`EventLog.eventFeed`): every event once, in the order the writes that recorded them
/// committed, and each customer's events numbered in that order too.
@Suite("Ledger: the event feed")
struct EventFeedTests {
    struct Refused: Error {}

    /// A flag tasks share.
    final class Flag: Sendable {
        private let value = Mutex(false)
        var isSet: Bool { value.withLock { $0 } }
        func set() { value.withLock { $0 = true } }
    }

    /// Reads the app's whole feed in pages of `limit`, checking each page starts after the cursor.
    static func wholeFeed(_ ledger: SQLLedger, appID: String = "app", after start: Int64 = 0, limit: Int) async throws -> [StoredEvent] {
        var cursor = start
        var events: [StoredEvent] = []
        while true {
            let after = cursor
            let page = try await ledger.read { try await $0.eventFeed(appID: appID, after: after, limit: limit) }
            #expect(page.count <= limit)
            guard let last = page.last else { return events }
            let position = try #require(last.feedPosition, "every event in the feed has a position")
            #expect(page.allSatisfy { ($0.feedPosition ?? 0) > cursor })
            cursor = position
            events += page
        }
    }

    static func event(_ customer: String, _ number: Int, occurredAt: Int64 = 100) -> LifecycleEvent {
        Fixtures.event(.renewal, original: "sub-\(customer)", occurredAt: occurredAt, details: ["n": "\(number)"])
    }

    @Test(arguments: TestDatabase.available)
    func positionsFollowWritesAndSequencesFollowEachCustomer(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let (a1, a2, b1, b2, a3, a4) = (Self.event("a", 1), Self.event("a", 2), Self.event("b", 1), Self.event("b", 2), Self.event("a", 3), Self.event("a", 4))
            let nobody = Self.event("nobody", 1)
            let elsewhere = Self.event("a", 99)
            var recorded: [StoredEvent] = []
            recorded += try await ledger.write { write in
                for user in ["a", "b"] {
                    _ = try await write.findOrCreateCustomer(appID: "app", appUserID: user, createdAt: Fixtures.instant(1))
                }
                // Occurred earlier than recorded: the feed goes by recording, not by occurrence.
                let first = try await write.appendEvents(appID: "app", appUserID: "a", [a1, a2], recordedAt: Fixtures.instant(1))
                let second = try await write.appendEvents(appID: "app", appUserID: "b", [b1], recordedAt: Fixtures.instant(1))
                return first + second
            }
            recorded += try await ledger.write { write in
                let first = try await write.appendEvents(appID: "app", appUserID: "b", [b2], recordedAt: Fixtures.instant(2))
                // Another app's events have a feed (and positions) of their own.
                _ = try await write.findOrCreateCustomer(appID: "other", appUserID: "a", createdAt: Fixtures.instant(1))
                let other = try await write.appendEvents(appID: "other", appUserID: "a", [elsewhere], recordedAt: Fixtures.instant(2))
                #expect(other.map(\.customerSequence) == [1])
                let second = try await write.appendEvents(appID: "app", appUserID: "a", [a3, Self.event("a", 0, occurredAt: 1)], recordedAt: Fixtures.instant(2))
                return first + second
            }
            recorded += try await ledger.write { write in
                // A duplicate is skipped; a customer without a record gets no number, but a place in the feed.
                let first = try await write.appendEvents(appID: "app", appUserID: "a", [a1, a4], recordedAt: Fixtures.instant(3))
                let second = try await write.appendEvents(appID: "app", appUserID: "nobody", [nobody], recordedAt: Fixtures.instant(3))
                return first + second
            }
            #expect(recorded.map(\.event) == [a1, a2, b1, b2, a3, Self.event("a", 0, occurredAt: 1), a4, nobody])
            #expect(recorded.map(\.customerSequence) == [1, 2, 1, 2, 3, 4, 5, nil])

            for limit in [1, 2, 3, 100] {
                let feed = try await Self.wholeFeed(ledger, limit: limit)
                #expect(feed.map(\.sequence) == recorded.map(\.sequence), "limit \(limit)")
                #expect(feed.map(\.customerSequence) == recorded.map(\.customerSequence), "limit \(limit)")
                #expect(feed.map(\.appUserID) == recorded.map(\.appUserID), "limit \(limit)")
                let positions = feed.compactMap(\.feedPosition)
                #expect(positions.count == recorded.count)
                #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 }, "\(positions)")
            }
            let feed = try await Self.wholeFeed(ledger, limit: 100)
            // From the middle: exactly what follows.
            let middle = try #require(feed[3].feedPosition)
            #expect(try await ledger.read { try await $0.eventFeed(appID: "app", after: middle, limit: 2) }.map(\.sequence)
                == feed[4...5].map(\.sequence))
            #expect(try await ledger.read { try await $0.eventFeed(appID: "app", after: 0, limit: 0) }.isEmpty)
            let otherFeed = try await ledger.read { try await $0.eventFeed(appID: "other", after: 0, limit: 10) }
            #expect(otherFeed.map(\.event) == [elsewhere])
            #expect(otherFeed.first?.feedPosition == 1)

            // A write that rolls back leaves nothing: no event, no number taken from the customer, and the next
            // page after the last position still brings the next write's events.
            let head = try #require(feed.last?.feedPosition)
            let lost = Self.event("a", 5)
            await #expect(throws: Refused.self) {
                try await ledger.write { write in
                    try await write.appendEvents(appID: "app", appUserID: "a", [lost], recordedAt: Fixtures.instant(4))
                    throw Refused()
                }
            }
            #expect(try await ledger.read { try await $0.eventFeed(appID: "app", after: head, limit: 10) }.isEmpty)
            #expect(try await ledger.read { try await $0.events(appID: "app", appUserID: "a", limit: 10) }.count == 5)
            let next = Self.event("a", 6)
            let stored = try await ledger.write { write in
                try await write.appendEvents(appID: "app", appUserID: "a", [next, lost], recordedAt: Fixtures.instant(5))
            }
            #expect(stored.map(\.event) == [next, lost])
            #expect(stored.map(\.customerSequence) == [6, 7])
            let after = try await ledger.read { try await $0.eventFeed(appID: "app", after: head, limit: 10) }
            #expect(after.map(\.sequence) == stored.map(\.sequence))
            #expect(after.allSatisfy { ($0.feedPosition ?? 0) > head })
            #expect(try await Self.wholeFeed(ledger, limit: 3).map(\.sequence) == recorded.map(\.sequence) + stored.map(\.sequence))
        }
    }

    /// The case: writers commit in another order than they began (on PostgreSQL they truly run side by
    /// side; a write that sleeps after appending began earlier and commits later), while a reader pages through
    /// the feed. It must see every event exactly once, and positions only increase.
    @Test(.timeLimit(.minutes(8)), arguments: TestDatabase.available)
    func aReaderPagingDuringConcurrentWritesSeesEveryEventOnce(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let writers = 4, writesPerWriter = 50
            let customers = (0..<6).map { "customer-\($0)" }
            let finished = Flag()
            let written = try await withThrowingTaskGroup(of: [StoredEvent].self) { group in
                group.addTask {
                    var cursor: Int64 = 0
                    var seen: [StoredEvent] = []
                    while true {
                        // Read whether the writers were done before reading the page: an empty page then proves
                        // nothing more will come.
                        let done = finished.isSet
                        let after = cursor
                        let page = try await ledger.read { try await $0.eventFeed(appID: "app", after: after, limit: 3) }
                        if let last = page.last?.feedPosition {
                            cursor = last
                            seen += page
                        } else if done {
                            return seen
                        } else {
                            try await Task.sleep(for: .milliseconds(1))
                        }
                    }
                }
                let written = try await withThrowingTaskGroup(of: [StoredEvent].self) { writerGroup in
                    for writer in 0..<writers {
                        writerGroup.addTask {
                            var stored: [StoredEvent] = []
                            for write in 0..<writesPerWriter {
                                let customer = customers.randomElement()!
                                let count = Int.random(in: 1...3)
                                let events = (0..<count).map { index in
                                    Fixtures.event(
                                        .renewal, original: "sub-\(customer)", occurredAt: Int64(write),
                                        details: ["writer": "\(writer)", "write": "\(write)", "index": "\(index)"])
                                }
                                let pause = write % 3 == writer % 3 ? Int.random(in: 2...12) : 0
                                stored += try await ledger.write { session in
                                    _ = try await session.findOrCreateCustomer(appID: "app", appUserID: customer, createdAt: Fixtures.instant(1))
                                    let appended = try await session.appendEvents(
                                        appID: "app", appUserID: customer, events, recordedAt: Fixtures.instant(Int64(write)))
                                    // Began before others that commit meanwhile; takes its feed positions after them.
                                    if pause > 0 { try await Task.sleep(for: .milliseconds(pause)) }
                                    return appended
                                }
                            }
                            return stored
                        }
                    }
                    return try await writerGroup.reduce(into: []) { $0 += $1 }
                }
                finished.set()
                var seen: [StoredEvent] = []
                for try await result in group { seen = result }
                return (written: written, seen: seen)
            }
            let (stored, seen) = (written.written, written.seen)

            #expect(stored.count >= writers * writesPerWriter)
            #expect(Set(stored.map(\.sequence)).count == stored.count)
            // Every event exactly once …
            #expect(seen.count == stored.count)
            #expect(Set(seen.map(\.sequence)).count == seen.count, "an event was read twice")
            #expect(Set(seen.map(\.sequence)) == Set(stored.map(\.sequence)), "an event was passed over")
            // … at strictly increasing positions …
            let positions = seen.compactMap(\.feedPosition)
            #expect(positions.count == seen.count)
            #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 })
            // … with the number its write gave it, each customer's numbers unique and increasing in feed (commit) order.
            let numbers = Dictionary(uniqueKeysWithValues: stored.map { ($0.sequence, $0.customerSequence) })
            #expect(seen.allSatisfy { $0.customerSequence != nil && numbers[$0.sequence] == $0.customerSequence })
            for customer in customers {
                let sequence = seen.filter { $0.appUserID == customer }.compactMap(\.customerSequence)
                #expect(zip(sequence, sequence.dropFirst()).allSatisfy { $0 < $1 }, "\(customer): \(sequence)")
            }
            if database == .postgres {
                // The case exercised: some write that began (and took its sequences) earlier committed later.
                let inversions = zip(seen, seen.dropFirst()).filter { $0.sequence > $1.sequence }.count
                #expect(inversions > 0, "no write committed out of the order it began in; the test proved nothing")
            }
        }
    }

    /// Grouped writes (`SQLLedger.groupedWrite`, several in one transaction, each in a savepoint) stamp the feed
    /// each for itself: a write that fails takes its events and their positions with it, the others keep theirs.
    @Test(.timeLimit(.minutes(8)), arguments: TestDatabase.available)
    func groupedWritesStampTheFeedEachForItself(database: TestDatabase) async throws {
        try await database.withDatabase(groupCommit: GroupCommitSettings(maxBatch: 8, maxWait: .milliseconds(1))) { connection in
            let ledger = SQLLedger(database: connection)
            let customers = ["a", "b", "c"]
            let outcomes = await withTaskGroup(of: [StoredEvent]?.self) { group in
                for index in 0..<60 {
                    group.addTask {
                        do {
                            return try await ledger.groupedWrite { session in
                                let customer = customers[index % customers.count]
                                _ = try await session.findOrCreateCustomer(appID: "app", appUserID: customer, createdAt: Fixtures.instant(1))
                                let stored = try await session.appendEvents(
                                    appID: "app", appUserID: customer, [Self.event(customer, index), Self.event(customer, index + 1_000)],
                                    recordedAt: Fixtures.instant(Int64(index)))
                                if index % 5 == 2 { throw Refused() }
                                return stored
                            }
                        } catch {
                            return nil
                        }
                    }
                }
                var outcomes: [[StoredEvent]?] = []
                for await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
            let stored = outcomes.compactMap { $0 }.flatMap { $0 }
            #expect(outcomes.filter { $0 == nil }.count == 12)
            #expect(stored.count == 96)
            let feed = try await Self.wholeFeed(ledger, limit: 7)
            #expect(feed.count == stored.count)
            #expect(Set(feed.map(\.sequence)) == Set(stored.map(\.sequence)))
            let positions = feed.compactMap(\.feedPosition)
            #expect(positions.count == feed.count)
            #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 })
            #expect(feed.allSatisfy { $0.event.details["n"].flatMap(Int.init).map { $0 % 1_000 % 5 != 2 } == true })
            for customer in customers {
                let numbers = feed.filter { $0.appUserID == customer }.compactMap(\.customerSequence)
                #expect(numbers.count == 32)
                #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 }, "\(customer): \(numbers)")
            }
        }
    }

    /// Events recorded before version 20 keep their order in the feed (positions from their sequence), and the
    /// numbers and positions of new events follow theirs.
    @Test(arguments: TestDatabase.available)
    func eventsStoredBeforeTheFeedKeepTheirOrderAndNewOnesFollow(database: TestDatabase) async throws {
        try await database.withDatabase(migrated: false) { connection in
            let old = [
                ("app", "a", Self.event("a", 1)), ("app", "b", Self.event("b", 1)), ("other", "c", Self.event("c", 1)),
                ("app", "a", Self.event("a", 2)),
            ]
            try await connection.withSession { session in
                for migration in Migrations.all.sorted(by: { $0.version < $1.version }) where migration.version < Migration.webhookOutbox.version {
                    for statement in migration.statements(session.kind) { try await session.execute(statement) }
                }
                for (app, user) in [("app", "a"), ("app", "b"), ("app", "fresh"), ("other", "c")] {
                    try await session.execute("INSERT INTO customers (app_id, app_user_id, created_at) VALUES ('\(app)', '\(user)', 1)")
                }
                for (app, user, event) in old {
                    try await session.execute("""
                        INSERT INTO events (app_id, app_user_id, store, subscription_id, fingerprint, kind, body, occurred_at, recorded_at)
                        VALUES ('\(app)', '\(user)', '\(event.subscription.store.rawValue)', '\(event.subscription.id)',
                                '\(event.fingerprint)', '\(event.kind.rawValue)', '\(try JSONBody.encode(event))', \(event.occurredAt.milliseconds), 5)
                        """)
                }
                // Version 20 and every later one, as a server upgrading the database would.
                for migration in Migrations.all.sorted(by: { $0.version < $1.version }) where migration.version >= Migration.webhookOutbox.version {
                    for statement in migration.statements(session.kind) { try await session.execute(statement) }
                }
            }
            let ledger = SQLLedger(database: connection)
            let before = try await ledger.read { try await $0.eventFeed(appID: "app", after: 0, limit: 10) }
            #expect(before.map(\.event) == [old[0].2, old[1].2, old[3].2])
            #expect(before.map(\.feedPosition) == before.map(\.sequence))
            #expect(before.map(\.customerSequence) == before.map(\.sequence))
            #expect(before.allSatisfy { $0.retractedAt == nil })

            let added = try await ledger.write { write in
                var added: [StoredEvent] = []
                for (app, user, number) in [("app", "a", 3), ("app", "b", 2), ("app", "fresh", 1), ("other", "c", 2)] {
                    added += try await write.appendEvents(appID: app, appUserID: user, [Self.event(user, number)], recordedAt: Fixtures.instant(6))
                }
                return added
            }
            // Each customer's numbers go on after their last.
            #expect(added.map(\.customerSequence) == [before[2].sequence + 1, before[1].sequence + 1, 1, 4])
            let after = try await ledger.read { try await $0.eventFeed(appID: "app", after: 0, limit: 10) }
            #expect(after.map(\.sequence) == before.map(\.sequence) + added.prefix(3).map(\.sequence))
            let positions = after.compactMap(\.feedPosition)
            #expect(positions.count == 6)
            #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 })
            let other = try await ledger.read { try await $0.eventFeed(appID: "other", after: 0, limit: 10) }
            #expect(other.map(\.event) == [old[2].2, Self.event("c", 2)])
            #expect(other.map(\.feedPosition) == [3, 4])
        }
    }
}
