import Foundation
import PerennialServices
import SQLKit

/// The `SealedValues` of an SQL database: every column holding values sealed under the master key, read a
/// page at a time in primary-key order (a row-value comparison, which SQLite and PostgreSQL both index),
/// and replaced with a compare-and-set. Jobs' payloads are sealed only for the kinds that carry a receipt or
/// a signed transaction; the others are plain JSON, which no key opens.
public struct SQLSealedValues: SealedValues {
    /// A sealed column: its table, and the table's primary key.
    struct Column {
        var table: String
        var column: String
        /// The key's columns, each with whether it is an integer.
        var key: [(name: String, isInteger: Bool)]
        /// Columns derived under the key that are emptied when a value is sealed anew under another one (the
        /// email digest, which `perennial serve` computes again at its next start).
        var derived: [String] = []

        var name: String { "\(table).\(column)" }
        var keyList: String { key.map(\.name).joined(separator: ", ") }
    }

    static let inventory: [Column] = [
        Column(table: "apps", column: "sealed_credentials", key: [("id", false)]),
        Column(table: "customers", column: "sealed_attributes", key: [("app_id", false), ("app_user_id", false)], derived: ["email_lookup"]),
        Column(table: "store_tokens", column: "sealed_token", key: [("app_id", false), ("app_user_id", false), ("store", false), ("kind", false)]),
        Column(table: "store_notifications", column: "sealed_body", key: [("app_id", false), ("notification_id", false)]),
        Column(table: "webhook_endpoints", column: "sealed_secrets", key: [("app_id", false), ("id", false)]),
        Column(table: "jobs", column: "payload", key: [("id", true)]),
        Column(table: "master_key_canary", column: "sealed", key: [("id", true)]),
    ]

    let database: PerennialDatabase

    public init(database: PerennialDatabase) {
        self.database = database
    }

    public var columns: [String] { Self.inventory.map(\.name) }

    public func page(column: String, after: SealedRowKey?, limit: Int) async throws -> [SealedValue] {
        let spec = try Self.column(named: column)
        return try await database.atomically(.read) { session in
            var query: SQLQueryString = """
                SELECT \(unsafeRaw: spec.keyList), \(unsafeRaw: spec.column) AS sealed FROM \(unsafeRaw: spec.table)
                WHERE \(unsafeRaw: spec.column) IS NOT NULL
                """
            if let after { query += " AND (\(unsafeRaw: spec.keyList)) > (" + Self.binds(after) + ")" }
            query += " ORDER BY \(unsafeRaw: spec.keyList) LIMIT \(bind: Int64(max(1, limit)))"
            return try await session.sql.raw(query).all().map { row in
                let parts = try spec.key.map { part -> SealedRowKey.Part in
                    part.isInteger ? .integer(try row.decode(column: part.name, as: Int64.self))
                        : .text(try row.decode(column: part.name, as: String.self))
                }
                return SealedValue(key: SealedRowKey(parts), sealed: try row.data("sealed"))
            }
        }
    }

    public func replace(column: String, _ replacements: [SealedReplacement]) async throws -> Int {
        let spec = try Self.column(named: column)
        guard !replacements.isEmpty else { return 0 }
        return try await database.atomically(.write) { session in
            var replaced = 0
            for replacement in replacements {
                var query: SQLQueryString = "UPDATE \(unsafeRaw: spec.table) SET \(unsafeRaw: spec.column) = \(bind: replacement.new)"
                for derived in spec.derived { query += ", \(unsafeRaw: derived) = NULL" }
                query += " WHERE "
                for (index, (part, value)) in zip(spec.key, replacement.key.parts).enumerated() {
                    if index > 0 { query += " AND " }
                    query += "\(unsafeRaw: part.name) = " + Self.bind(value)
                }
                query += " AND \(unsafeRaw: spec.column) = \(bind: replacement.old) RETURNING \(unsafeRaw: spec.key[0].name)"
                replaced += try await session.sql.raw(query).all().count
            }
            return replaced
        }
    }

    static func column(named name: String) throws -> Column {
        guard let column = inventory.first(where: { $0.name == name }) else {
            throw StorageError(.statementFailed, "no sealed column \(name)")
        }
        return column
    }

    private static func binds(_ key: SealedRowKey) -> SQLQueryString {
        var list: SQLQueryString = ""
        for (index, part) in key.parts.enumerated() {
            if index > 0 { list += ", " }
            list += bind(part)
        }
        return list
    }

    private static func bind(_ part: SealedRowKey.Part) -> SQLQueryString {
        switch part {
        case .text(let text): "\(bind: text)"
        case .integer(let integer): "\(bind: integer)"
        }
    }
}
