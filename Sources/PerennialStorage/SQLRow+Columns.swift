import Foundation
import SQLKit

extension SQLRow {
    func string(_ column: String) throws -> String {
        try decode(column: column, as: String.self)
    }

    func int64(_ column: String) throws -> Int64 {
        try decode(column: column, as: Int64.self)
    }

    /// A BLOB/BYTEA column; NULL reads as empty (SQLite stores an empty blob as NULL).
    func data(_ column: String) throws -> Data {
        try decodeNil(column: column) ? Data() : decode(column: column, as: Data.self)
    }

    func optionalString(_ column: String) throws -> String? {
        try decodeNil(column: column) ? nil : decode(column: column, as: String.self)
    }

    func optionalInt64(_ column: String) throws -> Int64? {
        try decodeNil(column: column) ? nil : decode(column: column, as: Int64.self)
    }

    func optionalData(_ column: String) throws -> Data? {
        try decodeNil(column: column) ? nil : decode(column: column, as: Data.self)
    }
}
