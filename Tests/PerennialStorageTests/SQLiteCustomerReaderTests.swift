import Foundation
import PerennialServices
@testable import PerennialStorage
import SQLiteKit
import Testing

/// The customer read that runs on the calling thread on an SQLite file (`SQLiteCustomerReader`).
@Suite("SQLite: the customer read on the calling thread")
struct SQLiteCustomerReaderTests {
    /// Three customers, the first with two subscriptions; `body` gets the ledger and the file's path.
    private func withCustomers(_ body: (SQLLedger, String) async throws -> Void) async throws {
        try await TestDatabase.sqliteFile.withDatabase { connection in
            guard case .sqliteFile(let path) = connection.location.target else {
                Issue.record("not an SQLite file")
                return
            }
            let ledger = SQLLedger(database: connection)
            try await ledger.write { write in
                _ = try await write.findOrCreateCustomer(appID: "app", appUserID: "u1", createdAt: Fixtures.instant(4))
                for key in ["b", "a"] {
                    try await write.saveSubscription(
                        appID: "app", ownerAppUserID: "u1", state: Fixtures.state(key), updatedAt: Fixtures.instant(5)
                    )
                }
                for user in ["u2", "ü ✓"] {
                    _ = try await write.findOrCreateCustomer(appID: "app", appUserID: user, createdAt: Fixtures.instant(3))
                }
            }
            try await body(ledger, path)
        }
    }

    @Test func answersLikeAReadTransactionAndPreparesOnce() async throws {
        try await withCustomers { ledger, path in
            let connection = try SQLiteCustomerReader(path: path)
            for _ in 0..<2 {
                for user in ["u1", "u2", "ü ✓", "nobody"] {
                    let rows = try #require(try connection.customerSnapshotRows(appID: "app", appUserID: user))
                    let customer = try await ledger.read { try await $0.customer(appID: "app", appUserID: user) }
                    let subscriptions = try await ledger.read { try await $0.subscriptions(appID: "app", appUserID: user) }
                    #expect(rows.customer == customer)
                    #expect(try rows.snapshot()?.subscriptions == (customer == nil ? nil : subscriptions))
                }
            }
            #expect(try connection.customerSnapshotRows(appID: "app", appUserID: "u1")?.customer?.createdAt == Fixtures.instant(4))
            // Other parameters reuse the plan (clearing the bindings between reads would prepare it at each).
            #expect(connection.repreparations == 0)
        }
    }

    /// A file another process holds exclusively answers nil at once (the caller then reads through a
    /// session, which waits for the lock), and answers again once the lock is gone. (Once the reader has
    /// read, the shared lock it keeps in WAL mode lets no one take an exclusive lock; the lock is taken
    /// here before its first read.)
    @Test func busyFileAnswersNilWithoutWaiting() async throws {
        try await TestDatabase.sqliteFile.withLocation { location in
            guard case .sqliteFile(let path) = location.target else { return }
            let database = try await PerennialDatabase.open(location)
            try await Migrations.migrate(database)
            try await SQLLedger(database: database).write {
                _ = try await $0.findOrCreateCustomer(appID: "app", appUserID: "u2", createdAt: Fixtures.instant(3))
            }
            // Every other connection closed: WAL connections keep a shared lock that no exclusive lock passes.
            await database.shutdown()
            let reader = try SQLiteCustomerReader(path: path)
            let holder = try await SQLiteConnection.open(storage: .file(path: path))
            do {
                // SQLiteNIO's own busy handler retries forever; a timeout makes a wrong assumption fail instead.
                for statement in ["PRAGMA busy_timeout=2000", "PRAGMA locking_mode=EXCLUSIVE", "BEGIN EXCLUSIVE",
                                  "UPDATE customers SET created_at = 7 WHERE app_user_id = 'u2'"] {
                    _ = try await holder.query(statement)
                }
                let started = ContinuousClock.now
                #expect(try reader.customerSnapshotRows(appID: "app", appUserID: "u2") == nil)
                // Well below the 5 s busy timeout of the other connections, with room for a loaded machine.
                #expect(ContinuousClock.now - started < .seconds(3))
                _ = try await holder.query("COMMIT")
            } catch {
                try await holder.close()
                throw error
            }
            try await holder.close()
            let rows = try #require(try reader.customerSnapshotRows(appID: "app", appUserID: "u2"))
            #expect(rows.customer?.createdAt == Fixtures.instant(7))
        }
    }

    @Test func everyConnectionLentAnswersNil() async throws {
        try await withCustomers { _, path in
            let readers = try SQLiteCustomerReaders(path: path, count: 1)
            let nested = try readers.withConnection { _ in
                try readers.withConnection { _ in "second" }
            }
            #expect(nested == .some(nil))
            #expect(try readers.withConnection { _ in "again" } == "again")
            readers.close()
        }
    }

    /// Closing leaves a lent connection to its borrower, closes it when given back, and refuses new loans.
    @Test func closingWhileLentClosesOnReturn() async throws {
        try await withCustomers { _, path in
            let readers = try SQLiteCustomerReaders(path: path, count: 2)
            let lent = try readers.withConnection { connection throws -> SQLiteCustomerReader in
                readers.close()
                #expect(try connection.customerSnapshotRows(appID: "app", appUserID: "u2")?.customer != nil)
                return connection
            }
            let connection = try #require(lent)
            #expect(throws: StorageError(.connectionClosed, "")) {
                try connection.customerSnapshotRows(appID: "app", appUserID: "u2")
            }
            #expect(throws: StorageError(.connectionClosed, "")) { try readers.withConnection { _ in 1 } }
        }
    }

    @Test func shutDownDatabaseRefusesTheRead() async throws {
        try await TestDatabase.sqliteFile.withLocation { location in
            let connection = try await PerennialDatabase.open(location)
            try await Migrations.migrate(connection)
            await connection.shutdown()
            await #expect(throws: StorageError(.connectionClosed, "")) {
                try await SQLLedger(database: connection).customerWithSubscriptions(appID: "app", appUserID: "u1")
            }
        }
    }
}
