import Foundation
import PerennialCore
import PerennialServices
@testable import PerennialStorage
import PerennialTesting
import Testing

@Suite("Ledger: atomic writes")
struct LedgerWriteTests {
    struct Boom: Error {}

    static let app = AppRecord(id: "app", bundleID: "com.example", sealedCredentials: Data([1]), updatedAt: Instant(milliseconds: 1))

    @Test(arguments: TestDatabase.available)
    func throwingRollsEverythingBack(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 0)))
            await #expect(throws: Boom.self) {
                try await ledger.write { write in
                    try await write.saveApp(Self.app)
                    _ = try await write.findOrCreateCustomer(appID: "app", appUserID: "u1", createdAt: Instant(milliseconds: 1))
                    // A job enqueued through the transaction is part of it.
                    try await write.enqueue(
                        NewJob(kind: "k", payload: Data(), runAt: Instant(milliseconds: 0)), createdAt: Instant(milliseconds: 0))
                    throw Boom()
                }
            }
            #expect(try await ledger.read { try await $0.app(id: "app") } == nil)
            #expect(try await ledger.read { try await $0.customer(appID: "app", appUserID: "u1") } == nil)
            #expect(try await queue.jobs(limit: 10).isEmpty)

            // The connection is usable afterwards.
            try await ledger.write { try await $0.saveApp(Self.app) }
            #expect(try await ledger.read { try await $0.app(id: "app") } == Self.app)
        }
    }

    /// Storage reached from inside a write other than through its session is refused, not joined: the
    /// transaction never reaches code through a hidden channel, and on SQLite waiting would never end.
    @Test(arguments: TestDatabase.available)
    func aNestedStorageCallIsRefused(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 0)))
            try await ledger.write { outer in
                try await outer.saveApp(Self.app)
                await #expect(throws: StorageError(.nestedSession, "")) {
                    try await ledger.write { inner in
                        _ = try await inner.findOrCreateCustomer(appID: "app", appUserID: "u1", createdAt: Instant(milliseconds: 1))
                    }
                }
                await #expect(throws: StorageError(.nestedSession, "")) {
                    try await queue.enqueue(NewJob(kind: "k", payload: Data(), runAt: Instant(milliseconds: 0)))
                }
                await #expect(throws: StorageError(.nestedSession, "")) {
                    _ = try await ledger.customerWithSubscriptions(appID: "app", appUserID: "u1")
                }
            }
            #expect(try await ledger.read { try await $0.app(id: "app") } == Self.app, "the outer write commits")
            #expect(try await ledger.read { try await $0.customer(appID: "app", appUserID: "u1") } == nil)
            #expect(try await queue.jobs(limit: 10).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func cancellationRollsBack(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let (wrote, signal) = AsyncStream<Void>.makeStream()
            let task = Task {
                try await ledger.write { write in
                    try await write.saveApp(Self.app)
                    signal.yield()
                    try await Task.sleep(for: .seconds(60))
                }
            }
            for await _ in wrote { break }
            task.cancel()
            let result = await task.result
            #expect(throws: CancellationError.self) { try result.get() }
            #expect(try await ledger.read { try await $0.app(id: "app") } == nil)
            try await ledger.write { try await $0.saveApp(Self.app) }
            #expect(try await ledger.read { try await $0.app(id: "app") } == Self.app)
        }
    }

    @Test(arguments: TestDatabase.available)
    func concurrentTransactionsAllCommit(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await ledger.write { write in
                            _ = try await write.findOrCreateCustomer(
                                appID: "app", appUserID: "u\(index)", createdAt: Instant(milliseconds: 1))
                            try await write.saveTransactions(
                                appID: "app", [Fixtures.transaction("shared", cancelledAt: index == 7 ? 1_500 : nil)],
                                recordedAt: Instant(milliseconds: 1))
                        }
                    }
                }
                try await group.waitForAll()
            }
            for index in 0..<20 {
                #expect(try await ledger.read { try await $0.customer(appID: "app", appUserID: "u\(index)") } != nil)
            }
            let stored = try await ledger.read { try await $0.transactions(appID: "app", subscription: Fixtures.key("1000")) }
            #expect(stored.count == 1)
            #expect(stored.first?.cancelledAt == Instant(milliseconds: 1_500))
        }
    }

    @Test(arguments: TestDatabase.available)
    func lockingASubscriptionSerialisesTransactions(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let key = Fixtures.key("1000")
            // Each transaction reads the renewal count, waits, and writes it back increased: without the
            // lock, PostgreSQL would lose updates.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<5 {
                    group.addTask {
                        try await ledger.write { write in
                            try await write.lockSubscription(appID: "app", subscription: key)
                            var state = try await write.subscriptionState(appID: "app", subscription: key)
                                ?? Fixtures.state("1000")
                            try await Task.sleep(for: .milliseconds(20))
                            state.renewalCount += 1
                            try await write.saveSubscription(
                                appID: "app", ownerAppUserID: "u1", state: state, updatedAt: Instant(milliseconds: 1))
                        }
                    }
                }
                try await group.waitForAll()
            }
            let state = try await ledger.read { try await $0.subscriptionState(appID: "app", subscription: key) }
            #expect(state?.renewalCount == 5)
        }
    }

    @Test(arguments: TestDatabase.available)
    func shutdownIsIdempotentAndFinal(database: TestDatabase) async throws {
        try await database.withLocation { location in
            let connection = try await PerennialDatabase.open(location, postgresMaximumConnections: 2)
            try await Migrations.migrate(connection)
            async let first: Void = connection.shutdown()
            async let second: Void = connection.shutdown()
            _ = await (first, second)
            await connection.shutdown()
            let error = try await #require(throws: StorageError.self) {
                try await SQLLedger(database: connection).read { try await $0.app(id: "app") }
            }
            #expect(error.code == .connectionClosed)
        }
    }
}
