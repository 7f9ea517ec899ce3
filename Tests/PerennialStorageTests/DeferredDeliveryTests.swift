import Foundation
import PerennialCore
import PerennialServices
@testable import PerennialStorage
import PerennialTesting
import Testing

/// Deliveries recorded at commit (`recordWebhookDeliveriesAtCommit`, `DeferredDeliveries`): inserted as the
/// write commits, in the order recorded, seen by the write's own later listings, gone with whatever rolls
/// back, and never lost with a savepoint that did not record them.
@Suite("Ledger: webhook deliveries recorded at commit")
struct DeferredDeliveryTests {
    struct Refused: Error {}

    static func listed(_ session: any LedgerSession) async throws -> [Int64] {
        try await session.webhookDeliveries(appID: "app", endpointID: "ep", state: nil, before: nil, limit: 100).map(\.delivery.eventSequence)
    }

    static func stored(_ ledger: SQLLedger) async throws -> [Int64] {
        try await ledger.read { try await listed($0) }.sorted()
    }

    @Test(arguments: TestDatabase.available)
    func theyArriveInOrderAndTheWriteSeesThem(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let seenInside = try await ledger.write { write in
                try await write.recordWebhookDeliveriesAtCommit([WebhookRecordsTests.delivery(1), WebhookRecordsTests.delivery(2)])
                let seen = try await Self.listed(write)
                try await write.recordWebhookDeliveriesAtCommit([WebhookRecordsTests.delivery(3)])
                _ = try await write.recordWebhookDeliveries([WebhookRecordsTests.delivery(4)])
                try await write.recordWebhookDeliveriesAtCommit([WebhookRecordsTests.delivery(5)])
                return seen
            }
            #expect(seenInside.sorted() == [1, 2])
            // Ids follow the order recorded: a delivery recorded at once goes after those deferred before it.
            let byID = try await ledger.read { try await Self.listed($0) }
            #expect(byID == [5, 4, 3, 2, 1])
        }
    }

    /// A write that records events too: its deliveries (on PostgreSQL, one statement with the feed's head when
    /// they fit one insert, ahead of it when not) and its events' feed positions are all stored.
    @Test(arguments: TestDatabase.available)
    func theyArriveBesideTheWritesEvents(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            for count in [1, 150] {
                try await ledger.write { write in
                    _ = try await write.findOrCreateCustomer(appID: "app", appUserID: "alice", createdAt: Fixtures.instant(1))
                    _ = try await write.appendEvents(
                        appID: "app", appUserID: "alice", [Fixtures.event(.renewal, occurredAt: Int64(count))], recordedAt: Fixtures.instant(2))
                    try await write.recordWebhookDeliveriesAtCommit((1...count).map { WebhookRecordsTests.delivery(Int64(1_000 * count + $0)) })
                }
            }
            let stored = try await ledger.read {
                try await $0.webhookDeliveries(appID: "app", endpointID: "ep", state: nil, before: nil, limit: 1_000)
            }
            #expect(stored.count == 151)
            let feed = try await ledger.read { try await $0.eventFeed(appID: "app", after: 0, limit: 10) }
            #expect(feed.map(\.feedPosition) == [1, 2])
        }
    }

    @Test(arguments: TestDatabase.available)
    func aWriteThatFailsLeavesNone(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            await #expect(throws: Refused.self) {
                try await ledger.write { write in
                    try await write.recordWebhookDeliveriesAtCommit([WebhookRecordsTests.delivery(1)])
                    _ = try await Self.listed(write)
                    try await write.recordWebhookDeliveriesAtCommit([WebhookRecordsTests.delivery(2)])
                    throw Refused()
                }
            }
            let stored = try await Self.stored(ledger)
            #expect(stored.isEmpty)
        }
    }

    /// A savepoint that lists deliveries inserts the ones its enclosing write deferred before it began; when
    /// it rolls back, those must be inserted again at commit, and its own must not.
    @Test(arguments: TestDatabase.available)
    func aSavepointRolledBackKeepsWhatItDidNotRecord(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            try await connection.atomically(.write) { session in
                let outer = SQLLedgerSession(session: session, endpointCache: connection.webhookEndpointCache)
                try await outer.recordWebhookDeliveriesAtCommit([WebhookRecordsTests.delivery(1)])
                await #expect(throws: Refused.self) {
                    try await session.atomically(.write) { inner in
                        let nested = SQLLedgerSession(session: inner, endpointCache: connection.webhookEndpointCache)
                        try await nested.recordWebhookDeliveriesAtCommit([WebhookRecordsTests.delivery(2)])
                        #expect(try await Self.listed(nested).sorted() == [1, 2])
                        throw Refused()
                    }
                }
                try await session.atomically(.write) { inner in
                    let nested = SQLLedgerSession(session: inner, endpointCache: connection.webhookEndpointCache)
                    try await nested.recordWebhookDeliveriesAtCommit([WebhookRecordsTests.delivery(3)])
                }
                #expect(try await Self.listed(outer).sorted() == [1, 3])
            }
            let stored = try await Self.stored(ledger)
            #expect(stored == [1, 3])
        }
    }

    /// Writes sharing a commit share the insert; one that fails after recording takes only its own away.
    @Test(arguments: TestDatabase.available)
    func groupedWritesKeepTheirOwn(database: TestDatabase) async throws {
        try await database.withDatabase(groupCommit: GroupCommitSettings(maxBatch: 16, maxWait: .milliseconds(1))) { connection in
            let ledger = SQLLedger(database: connection)
            await withTaskGroup(of: Void.self) { group in
                for index in Int64(1)...60 {
                    group.addTask {
                        _ = try? await ledger.groupedWrite { write in
                            try await write.recordWebhookDeliveriesAtCommit([WebhookRecordsTests.delivery(index, user: "user-\(index)")])
                            if index % 7 == 3 { throw Refused() }
                        }
                    }
                }
            }
            let stored = try await Self.stored(ledger)
            #expect(stored == (Int64(1)...60).filter { $0 % 7 != 3 })
        }
    }
}
