import Foundation
import PerennialStorage

/// The databases every repository test runs against: SQLite in memory and in a temporary file always,
/// PostgreSQL when `PERENNIAL_TEST_POSTGRES_URL` is set (e.g.
/// `postgres://perennial:perennial@127.0.0.1:5432/perennial_test`).
///
/// Each PostgreSQL test gets a fresh schema (through `search_path`), dropped afterwards, so tests can run in
/// parallel against one database.
enum TestDatabase: String, Sendable, CaseIterable, CustomStringConvertible {
    case sqliteMemory = "sqlite-memory"
    case sqliteFile = "sqlite-file"
    case postgres

    static let postgresURL: String? = {
        let value = ProcessInfo.processInfo.environment["PERENNIAL_TEST_POSTGRES_URL"] ?? ""
        return value.isEmpty ? nil : value
    }()

    /// Every database available in this environment.
    static var available: [TestDatabase] {
        postgresURL == nil ? [.sqliteMemory, .sqliteFile] : allCases
    }

    /// The databases that more than one connection can share.
    static var shareable: [TestDatabase] {
        available.filter { $0 != .sqliteMemory }
    }

    var description: String { rawValue }
}
