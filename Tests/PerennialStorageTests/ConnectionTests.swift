import PerennialServices
@testable import PerennialStorage
import Testing

@Suite("PerennialDatabase")
struct ConnectionTests {
    @Test func sqliteFileIsConfigured() async throws {
        try await TestDatabase.sqliteFile.withDatabase { connection in
            #expect(connection.kind == .sqlite)
            let settings = try await connection.withSession { session in
                let journal = try await session.sql.raw("PRAGMA journal_mode").first()?.string("journal_mode")
                let foreignKeys = try await session.sql.raw("PRAGMA foreign_keys").first()?.int64("foreign_keys")
                let timeout = try await session.sql.raw("PRAGMA busy_timeout").first()?.int64("timeout")
                return (journal, foreignKeys, timeout)
            }
            #expect(settings.0 == "wal")
            #expect(settings.1 == 1)
            // The writer never waits on a task's thread: a statement that meets another process's lock runs
            // again on the thread pool, waiting up to `busyTimeoutMilliseconds` (SQLiteWriterTests).
            #expect(settings.2 == 0)
        }
    }

    @Test(arguments: TestDatabase.available)
    func reportsItsKind(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            #expect(connection.kind == (database == .postgres ? .postgresql : .sqlite))
        }
    }

    @Test func unreachablePostgresFailsAtOpenWithoutLeakingThePassword() async throws {
        let error = try await #require(throws: StorageError.self) {
            try await PerennialDatabase.open(url: "postgres://perennial:hunter2@127.0.0.1:1/db?tlsmode=disable")
        }
        #expect(error.code == .databaseUnavailable)
        #expect(!error.description.contains("hunter2"))
    }
}
