import SQLKit
import SQLiteKit
import VaporCSQLite

/// A row read by `SQLiteWriterConnection`: its values as SQLiteNIO's `SQLiteData`, decoded for SQLKit as
/// SQLiteKit decodes its own rows.
struct SQLiteWriterRow: SQLRow {
    /// The column names of a statement's rows, shared by every row it returned.
    final class Columns: Sendable {
        let names: [String]

        var count: Int { names.count }

        init(statement: OpaquePointer) {
            names = (0..<sqlite_nio_sqlite3_column_count(statement)).map { index in
                sqlite_nio_sqlite3_column_name(statement, index).map { String(cString: $0) } ?? ""
            }
        }

        /// The position of the first column named `name` (a handful of columns: a scan beats hashing).
        func index(of name: String) -> Int? {
            names.firstIndex(of: name)
        }
    }

    let columns: Columns
    let values: [SQLiteData]

    /// The value of the first column named `name`, nil when there is none.
    func column(_ name: String) -> SQLiteData? {
        columns.index(of: name).map { values[$0] }
    }

    var allColumns: [String] { columns.names }

    func contains(column: String) -> Bool {
        columns.index(of: column) != nil
    }

    func decodeNil(column: String) throws -> Bool {
        (self.column(column) ?? .null) == .null
    }

    func decode<D: Decodable>(column: String, as type: D.Type) throws -> D {
        guard let value = self.column(column) else {
            throw StorageError(.corruptRecord, "a row has no column \(column)")
        }
        return try SQLiteDataDecoder().decode(D.self, from: value)
    }
}
