import Foundation
import PerennialServices
@testable import PerennialStorage
import SQLiteKit
import Testing

/// The SQLite writer driven on the calling thread (`SQLiteWriterConnection`): statements prepared once,
/// another process's lock waited for off the task's thread, nothing lost across the two paths.
@Suite("SQLite writer")
struct SQLiteWriterTests {
    /// A write that meets another connection's write lock waits for it (on the thread pool) instead of
    /// failing, and lands once the lock is gone.
    @Test func aWriteWaitsForAnotherProcesssLock() async throws {
        try await TestDatabase.sqliteFile.withLocation { location in
            guard case .sqliteFile(let path) = location.target else { return }
            let database = try await PerennialDatabase.open(location)
            try await Migrations.migrate(database)
            let holder = try await SQLiteConnection.open(storage: .file(path: path))
            do {
                _ = try await holder.query("PRAGMA busy_timeout=2000")
                _ = try await holder.query("BEGIN IMMEDIATE")
                let ledger = SQLLedger(database: database)
                let write = Task {
                    try await ledger.write {
                        _ = try await $0.findOrCreateCustomer(appID: "app", appUserID: "waited", createdAt: Fixtures.instant(1))
                    }
                }
                try await Task.sleep(for: .milliseconds(300))
                _ = try await holder.query("COMMIT")
                try await write.value
                #expect(try await ledger.read { try await $0.customer(appID: "app", appUserID: "waited") } != nil)
            } catch {
                try? await holder.close()
                await database.shutdown()
                throw error
            }
            try await holder.close()
            await database.shutdown()
        }
    }

    /// A statement that fails (a constraint) throws a storage error with SQLite's message, and the
    /// connection goes on: the statement's prepared copy is reset, not left mid-step.
    @Test func aFailedStatementLeavesTheConnectionUsable() async throws {
        let connection = try SQLiteWriterConnection.open(path: ":memory:", busyTimeoutMilliseconds: 100)
        _ = try connection.run("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)", [])
        _ = try connection.run("INSERT INTO t (id, name) VALUES (?1, ?2)", [.integer(1), .text("a")])
        let error = try #require(throws: StorageError.self) {
            try connection.run("INSERT INTO t (id, name) VALUES (?1, ?2)", [.integer(1), .text("again")])
        }
        #expect(error.code == .statementFailed)
        #expect(error.message.contains("UNIQUE"))
        #expect(!error.message.contains("again"))
        _ = try connection.run("INSERT INTO t (id, name) VALUES (?1, ?2)", [.integer(2), .text("b")])
        let rows = try connection.run("SELECT id, name FROM t ORDER BY id", [])
        #expect(rows.map { $0.column("name") } == [.text("a"), .text("b")])
        connection.close()
        #expect(throws: StorageError.self) { try connection.run("SELECT 1", []) }
    }

    /// Every kind of value SQLite stores comes back as it was bound; two statements in one text are refused
    /// rather than the second silently ignored.
    @Test func valuesRoundTripAndASecondStatementIsRefused() throws {
        let connection = try SQLiteWriterConnection.open(path: ":memory:", busyTimeoutMilliseconds: 100)
        defer { connection.close() }
        let blob = SQLiteData.blob(.init(bytes: [0, 1, 2, 255]))
        let values: [SQLiteData] = [.integer(-7), .float(2.5), .text("naïve ✓"), blob, .null]
        let row = try #require(try connection.run("SELECT ?1 AS i, ?2 AS f, ?3 AS t, ?4 AS b, ?5 AS n", values).first)
        #expect(row.values == values)
        #expect(row.allColumns == ["i", "f", "t", "b", "n"])
        #expect(throws: StorageError.self) { try connection.run("SELECT 1; DROP TABLE x", []) }
    }

    /// The write-ahead log is copied into the database file by `SQLiteCheckpointer` within a few of its
    /// ticks, while the writer's own checkpoint (at `writerAutocheckpointPages`) is far from due.
    @Test func theLogIsCheckpointedOffTheWriter() async throws {
        try await TestDatabase.sqliteFile.withLocation { location in
            guard case .sqliteFile(let path) = location.target else { return }
            let database = try await PerennialDatabase.open(location)
            try await Migrations.migrate(database)
            func fileSize() throws -> Int {
                (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            }
            // About 2 MB in one write: some 500 pages, well under the writer's 10,000.
            try await SQLLedger(database: database).write { ledger in
                for index in 0..<2_000 {
                    _ = try await ledger.findOrCreateCustomer(
                        appID: "app", appUserID: "customer-\(index)-" + String(repeating: "x", count: 900),
                        createdAt: Fixtures.instant(1))
                }
            }
            let before = try fileSize()
            var after = before
            for _ in 0..<50 where after < before + 1_000_000 {
                try await Task.sleep(for: .milliseconds(100))
                after = try fileSize()
            }
            await database.shutdown()
            #expect(after >= before + 1_000_000, "the database file grew from \(before) to \(after) bytes")
        }
    }

    /// A lock held past the busy timeout is a storage error, never the internal `Busy` signal.
    @Test func aLockHeldPastTheTimeoutIsAStorageError() async throws {
        try await TestDatabase.sqliteFile.withLocation { location in
            guard case .sqliteFile(let path) = location.target else { return }
            let database = try await PerennialDatabase.open(location)
            try await Migrations.migrate(database)
            await database.shutdown()
            let holder = try await SQLiteConnection.open(storage: .file(path: path))
            let writer = try SQLiteWriterConnection.open(path: path, busyTimeoutMilliseconds: 100)
            defer { writer.close() }
            _ = try await holder.query("BEGIN IMMEDIATE")
            #expect(throws: SQLiteWriterConnection.Busy.self) { try writer.run("BEGIN IMMEDIATE", []) }
            let error = try #require(throws: StorageError.self) {
                try writer.run("BEGIN IMMEDIATE", [], waitingForLocks: true)
            }
            #expect(error.code == .databaseUnavailable)
            _ = try await holder.query("COMMIT")
            try await holder.close()
            _ = try writer.run("BEGIN IMMEDIATE", [])
            _ = try writer.run("COMMIT", [])
        }
    }
}
