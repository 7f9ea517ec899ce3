import Foundation
@testable import PerennialStorage
import PostgresKit
import SQLiteKit
import Testing

/// PostgreSQL sessions run statements run before as prepared statements (`PreparingPostgresDatabase`):
/// same answers, prepared on the connection, and a connection whose prepared statement failed is not
/// lent again.
@Suite("Prepared statements")
struct PreparedStatementTests {
    @Test func everySlotHasATagOfItsOwn() {
        let tags = (0..<600).map { PreparedSlotTags.tag(for: $0) }
        #expect(tags.map { $0.index } == Array(0..<600))
        #expect(Set(tags.map { String(reflecting: $0) }).count == 600)
    }

    @Test func onlyQueriesAndDataChangesArePrepared() {
        for sql in ["SELECT 1", "  (SELECT 1)", "with x AS (SELECT 1) SELECT * FROM x", "INSERT INTO t VALUES (1)",
            "update t SET a = 1", "DELETE FROM t", "VALUES (1)"]
        {
            #expect(PreparingPostgresDatabase.isPreparable(sql), "\(sql)")
        }
        for sql in ["BEGIN", "COMMIT", "ROLLBACK", "LOCK TABLE t", "CREATE TABLE t (a INT)", "SET x = 1", "SELECTED", ""] {
            #expect(!PreparingPostgresDatabase.isPreparable(sql), "\(sql)")
        }
    }

    @Test func valuesAreBoundWithTheirTypesAndOptionalsUnwrapped() throws {
        let none: String? = nil
        let some: Int64? = 7
        let values: [any Encodable & Sendable] = ["a", Int64(1), none, some, ["x", "y"], Data([1, 2]), true]
        let bound = try #require(PostgresStatementBindings(values))
        #expect(bound.typeIDs == [
            PostgresDataType.text, .int8, .null, .int8, .textArray, .bytea, .bool,
        ].map(\.rawValue))
        #expect(bound.bindings.count == values.count)
        struct Payload: Encodable, Sendable { var a = 1 }
        #expect(PostgresStatementBindings([Payload()]) == nil)
    }

    @Test func theURLCanTurnThemOff() throws {
        let base = "postgres://perennial:secret@db.example.com:6543/perennial"
        #expect(try DatabaseLocation(url: base).preparesStatements)
        #expect(try !DatabaseLocation(url: base + "?prepared_statements=off").preparesStatements)
        #expect(try DatabaseLocation(url: base + "?prepared_statements=on&search_path=s").preparesStatements)
        #expect(throws: StorageError(.invalidDatabaseURL, "")) {
            try DatabaseLocation(url: base + "?prepared_statements=sometimes")
        }
    }

    @Test(.enabled(if: TestDatabase.postgresURL != nil))
    func aStatementRunAgainIsPreparedAndAnswersForItsOwnValues() async throws {
        let marker = "prepared-\(UUID().uuidString)"
        try await TestDatabase.postgres.withDatabase { database in
            let answers = try await database.withSession { session in
                var answers: [Int64] = []
                for value in Int64(1)...4 {
                    let row = try await session.sql.raw("SELECT \(bind: value) + 1 AS n, \(bind: marker) AS prepared_marker").first()
                    let answer = try row?.decode(column: "n", as: Int64.self)
                    try answers.append(#require(answer))
                }
                let prepared = try await session.sql.raw("""
                    SELECT count(*) AS c FROM pg_prepared_statements
                    WHERE name LIKE 'perennial_slot_%' AND statement LIKE '%AS prepared_marker%' AND from_sql = false
                    """).first()?.decode(column: "c", as: Int64.self)
                return (answers, prepared)
            }
            #expect(answers.0 == [2, 3, 4, 5])
            #expect(answers.1 == 1)
        }
    }

    @Test(.enabled(if: TestDatabase.postgresURL != nil))
    func aConnectionWhosePreparedStatementFailedIsNotLentAgain() async throws {
        let marker = "poisoned-\(UUID().uuidString)"
        try await TestDatabase.postgres.withLocation { location in
            // One connection, so the session after the failure gets it again unless it was closed.
            let database = try await PerennialDatabase.open(location, postgresMaximumConnections: 1)
            defer { Task { await database.shutdown() } }
            let statement: SQLQueryString = "SELECT 10 / \(bind: Int64(5)) AS n, \(bind: marker) AS poisoned_marker"
            _ = try await database.withSession { try await $0.sql.raw(statement).all() }
            // Its second run makes it a prepared statement, which the aborted transaction refuses to prepare.
            try await database.withSession { session in
                try await session.sql.raw("BEGIN").run()
                await #expect(throws: (any Error).self) { try await session.sql.raw("SELECT 1 / 0").run() }
                await #expect(throws: (any Error).self) { try await session.sql.raw(statement).run() }
                try await session.sql.raw("ROLLBACK").run()
            }
            let row = try await database.withSession { try await $0.sql.raw(statement).first() }
            #expect(try row?.decode(column: "n", as: Int64.self) == 2)
        }
    }
}
