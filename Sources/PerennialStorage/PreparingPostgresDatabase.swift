import NIOCore
import PostgresKit
import SQLKit

/// A PostgreSQL session's SQL database that runs a statement the process has run before as a prepared
/// statement on its connection (`PreparedStatementSlots`), so that the server parses and plans it once per
/// connection instead of at every run. A statement whose values PostgresKit would encode through
/// `Encodable` (`PostgresStatementBindings`) runs unnamed, as every statement did before; so do the first
/// run of a text and texts past the slots' capacity.
///
/// The parameters' types are those PostgresKit declares for the unnamed statement, so the server analyses
/// both alike; a prepared statement's plan may become the server's generic one after five runs (its
/// `auto` plan cache mode, as for any client's prepared statements). `prepared_statements=off` in the
/// database URL turns this off, for a pooler in transaction mode that moves sessions between server
/// connections.
struct PreparingPostgresDatabase: ForwardingSQLDatabase {
    /// The same connection through PostgresKit: what runs unnamed.
    let base: any SQLDatabase
    let connection: PostgresConnection
    let slots: PreparedStatementSlots
    /// Set when a prepared statement fails, to close the connection after the session.
    let failure: PreparedStatementFailure

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) async throws {
        var serializer = SQLSerializer(database: self)
        query.serialize(to: &serializer)
        let statement = SerializedStatement(sql: serializer.sql, binds: serializer.binds)
        guard Self.isPreparable(statement.sql), let bound = PostgresStatementBindings(statement.binds),
            let tag = slots.slot(for: .init(sql: statement.sql, typeIDs: bound.typeIDs))
        else {
            return try await base.execute(sql: statement, onRow)
        }
        try await run(tag, bound.bindings, onRow)
    }

    private func run<Tag: PreparedSlotTag>(
        _: Tag.Type, _ bindings: PostgresBindings, _ onRow: @escaping @Sendable (any SQLRow) -> ()
    ) async throws {
        do {
            let rows = try await connection.execute(SlotStatement<Tag>(bindings: bindings), logger: logger)
            for try await row in rows { onRow(row.sql()) }
        } catch {
            failure.record()
            throw error
        }
    }

    /// Whether the statement can be prepared: a query or a data change (with its `WITH`), not transaction
    /// control, locks on tables, DDL or `SET`.
    static func isPreparable(_ sql: String) -> Bool {
        let start = sql.utf8.drop { byte in
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "(")
        }
        let keyword = start.prefix { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        }
        guard keyword.count <= 6 else { return false }
        return preparableKeywords.contains(String(decoding: keyword, as: UTF8.self).uppercased())
    }

    private static let preparableKeywords: Set<String> = ["SELECT", "INSERT", "UPDATE", "DELETE", "WITH", "VALUES"]
}

/// A statement serialized once: its text (parameters numbered from `$1`) and its values.
private struct SerializedStatement: SQLExpression {
    let sql: String
    let binds: [any Encodable & Sendable]

    func serialize(to serializer: inout SQLSerializer) {
        serializer.sql += sql
        serializer.binds += binds
    }
}
