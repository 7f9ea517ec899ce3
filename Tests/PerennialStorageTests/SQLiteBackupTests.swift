import Foundation
import PerennialCore
import PerennialServices
@testable import PerennialStorage
import PerennialTesting
import Synchronization
import Testing

/// `SQLiteBackup`: a copy taken while writes go on is one moment of the database; a restore never
/// overwrites a database and refuses what is not a sound Perennial backup.
@Suite("SQLite backup and restore")
struct SQLiteBackupTests {
    /// A fresh folder, deleted afterwards.
    static func withFolder(_ body: (URL) async throws -> Void) async throws {
        TestLogging.bootstrap()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-backup-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    static let customers = (0..<12).map { "customer-\($0)" }

    /// One write: two events for a customer, its event count moved in the same transaction.
    static func write(_ number: Int, ledger: SQLLedger) async throws {
        let customer = customers[number % customers.count]
        let events = (0..<2).map { Fixtures.event(.renewal, original: "sub-\(customer)", occurredAt: Int64(number), details: ["n": "\(number)-\($0)"]) }
        try await ledger.write { write in
            _ = try await write.appendEvents(appID: "app", appUserID: customer, events, recordedAt: Fixtures.instant(Int64(number)))
        }
    }

    /// A migrated file database with the customers and `writes` writes.
    static func seeded(_ path: String, writes: Int) async throws -> (PerennialDatabase, SQLLedger) {
        let database = try await PerennialDatabase.open(url: "sqlite://\(path)")
        try await Migrations.migrate(database)
        let ledger = SQLLedger(database: database)
        for customer in customers {
            _ = try await ledger.write { try await $0.findOrCreateCustomer(appID: "app", appUserID: customer, createdAt: Fixtures.instant(0)) }
        }
        for number in 0..<writes { try await write(number, ledger: ledger) }
        return (database, ledger)
    }

    /// What must hold in any one moment of the database: each customer's count is its events, and the
    /// feed's head is its last position, with no gap before it.
    static func expectConsistent(_ path: String) async throws -> Int {
        let database = try await PerennialDatabase.open(url: "sqlite://\(path)")
        let ledger = SQLLedger(database: database)
        let counts = try await database.atomically(.read) { session in
            try await session.sql.raw("SELECT app_user_id, event_count FROM customers").all()
                .map { (try $0.string("app_user_id"), try $0.int64("event_count")) }
        }
        #expect(counts.count == customers.count)
        var total = 0
        for (customer, count) in counts {
            let events = try await ledger.read { try await $0.events(appID: "app", appUserID: customer, limit: 10_000) }
            #expect(Int64(events.count) == count, "\(customer): its count is its events")
            #expect(events.compactMap(\.customerSequence).sorted() == (0..<events.count).map { Int64($0 + 1) }, "\(customer): numbered without a gap")
            total += events.count
        }
        let feed = try await EventFeedTests.wholeFeed(ledger, limit: 1_000)
        #expect(feed.count == total)
        #expect(feed.map(\.feedPosition) == feed.indices.map { Int64($0 + 1) }, "the feed has no gap")
        await database.shutdown()
        return total
    }

    @Test func aBackupTakenWhileWritesGoOnIsOneMomentOfTheDatabase() async throws {
        try await Self.withFolder { folder in
            let path = folder.appendingPathComponent("live.sqlite").path
            let backupPath = folder.appendingPathComponent("backup.sqlite").path
            let (database, ledger) = try await Self.seeded(path, writes: 40)
            let stop = EventFeedTests.Flag()
            let writes = Task {
                var number = 40
                while !stop.isSet {
                    try await Self.write(number, ledger: ledger)
                    number += 1
                    // An uncontended SQLite write never suspends: yield, or this loop keeps its thread.
                    await Task.yield()
                }
                return number
            }
            let summary = try await SQLiteBackup.backUp(.sqlite(path: path), to: backupPath)
            // A few more writes after the copy, so the live database has moved on from it.
            try await Task.sleep(for: .milliseconds(50))
            stop.set()
            let written = try await writes.value
            for number in written..<(written + 3) { try await Self.write(number, ledger: ledger) }
            await database.shutdown()

            #expect(PrivateFile.mode(atPath: backupPath).map { $0 & 0o777 } == 0o600)
            #expect(summary.schemaVersion == Migrations.latestVersion)
            #expect(summary.customers == Int64(Self.customers.count))
            let inBackup = try await Self.expectConsistent(backupPath)
            let live = try await Self.expectConsistent(path)
            #expect(Int64(inBackup) == summary.events)
            #expect(inBackup >= 80 && inBackup < live, "the copy holds the writes before it, not those after")
        }
    }

    @Test func aRestoreNeverOverwritesAndRefusesWhatIsNotASoundBackup() async throws {
        try await Self.withFolder { folder in
            let path = folder.appendingPathComponent("live.sqlite").path
            let backupPath = folder.appendingPathComponent("backup.sqlite").path
            let (database, _) = try await Self.seeded(path, writes: 10)
            let backup = try await SQLiteBackup.backUp(.sqlite(path: path), to: backupPath)

            await #expect(throws: StorageError(.backupRefused, "")) {
                try await SQLiteBackup.backUp(.sqlite(path: path), to: backupPath)
            }
            await #expect(throws: StorageError(.backupRefused, ""), "a database in place is never overwritten") {
                try await SQLiteBackup.restore(backupPath, to: .sqlite(path: path))
            }
            await database.shutdown()

            let garbage = folder.appendingPathComponent("garbage.sqlite").path
            #expect(FileManager.default.createFile(atPath: garbage, contents: Data(repeating: 0x41, count: 8192)))
            let elsewhere = folder.appendingPathComponent("restored.sqlite").path
            await #expect(throws: (any Error).self) { try await SQLiteBackup.restore(garbage, to: .sqlite(path: elsewhere)) }
            #expect(!FileManager.default.fileExists(atPath: elsewhere), "nothing is left from a refused restore")
            await #expect(throws: StorageError(.backupRefused, "")) {
                try await SQLiteBackup.backUp(try DatabaseLocation(url: "postgres://user:secret@127.0.0.1:1/perennial"), to: elsewhere)
            }

            // An empty file whose log still holds a database's writes is not free to restore into.
            let logged = folder.appendingPathComponent("logged.sqlite").path
            #expect(FileManager.default.createFile(atPath: logged, contents: Data()))
            #expect(FileManager.default.createFile(atPath: logged + "-wal", contents: Data(repeating: 1, count: 4096)))
            await #expect(throws: StorageError(.backupRefused, "")) { try await SQLiteBackup.restore(backupPath, to: .sqlite(path: logged)) }

            let restored = try await SQLiteBackup.restore(backupPath, to: .sqlite(path: elsewhere))
            #expect(restored.events == backup.events && restored.customers == backup.customers)
            #expect(try await Self.expectConsistent(elsewhere) == 20)
        }
    }

    /// The app's rollups summed over their shards, in order.
    static func rollups(_ database: PerennialDatabase) async throws -> [String] {
        try await database.atomically(.read) { session in
            try await session.sql.raw("""
                SELECT measure || ' ' || day || ' ' || COALESCE(environment, '-') || ' ' || COALESCE(store, '-') || ' '
                    || COALESCE(product_id, '-') || ' ' || COALESCE(country, '-') || ' ' || SUM(value) AS line
                FROM metric_rollups WHERE app_id = 'app' GROUP BY measure, day, environment, store, product_id, country
                ORDER BY measure, day, environment, store, product_id, country
                """).all().map { try $0.string("line") }
        }
    }

    @Test func aBackupTakenWhilePurchasesAreIngestedHoldsTheStatesAndRollupsItsFactsGive() async throws {
        try await Self.withFolder { folder in
            let path = folder.appendingPathComponent("live.sqlite").path
            let backupPath = folder.appendingPathComponent("backup.sqlite").path
            let database = try await PerennialDatabase.open(url: "sqlite://\(path)")
            try await Migrations.migrate(database)
            let world = try IdentityWorld(database: database)
            for number in 0..<20 { try await world.purchase("sub-\(number)", by: "user-\(number % 7)") }
            let stop = EventFeedTests.Flag()
            let purchases = Task {
                var number = 20
                while !stop.isSet {
                    try await world.purchase("sub-\(number)", by: "user-\(number % 7)", store: number % 3 == 0 ? .stripe : .appStore)
                    number += 1
                    await Task.yield()
                }
            }
            _ = try await SQLiteBackup.backUp(.sqlite(path: path), to: backupPath)
            stop.set()
            try await purchases.value
            await database.shutdown()

            // Two restores of the backup: one checked as it is, the other replayed (rollups rebuilt from facts).
            var rollups: [[String]] = []
            for (index, dryRun) in [true, false].enumerated() {
                let restored = folder.appendingPathComponent("restored-\(index).sqlite").path
                _ = try await SQLiteBackup.restore(backupPath, to: .sqlite(path: restored))
                let copy = try await PerennialDatabase.open(url: "sqlite://\(restored)")
                let summary = try await ReplayService(ledger: SQLLedger(database: copy), clock: world.clock)
                    .replay(app: IdentityWorld.app, dryRun: dryRun)
                #expect(summary.subscriptions >= 20)
                if dryRun { #expect(summary.changed == 0, "every state in the backup is what its facts give") }
                rollups.append(try await Self.rollups(copy))
                await copy.shutdown()
            }
            #expect(!rollups[0].isEmpty)
            #expect(rollups[0] == rollups[1], "the backup's rollups are what its facts give")
        }
    }
}
