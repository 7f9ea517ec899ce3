import Foundation
@testable import PerennialStorage
import Testing

/// The database a crash-safety run uses: an SQLite file in the workspace, or a fresh schema of the
/// PostgreSQL database named by `PERENNIAL_TEST_POSTGRES_URL` (other suites share that database), dropped by
/// `dispose()`.
struct CrashSafetyDatabase: Sendable, CustomStringConvertible {
    enum Kind: String, Sendable, CaseIterable, CustomStringConvertible {
        case sqlite, postgresql

        var description: String { rawValue }

        /// SQLite always; PostgreSQL when the environment names a test server.
        static var available: [Kind] {
            postgresURL == nil ? [.sqlite] : [.sqlite, .postgresql]
        }
    }

    static let postgresURL: String? = {
        let value = ProcessInfo.processInfo.environment["PERENNIAL_TEST_POSTGRES_URL"] ?? ""
        return value.isEmpty ? nil : value
    }()

    let kind: Kind
    /// What `perennial serve --database` gets; never printed (it may hold a password).
    let url: String
    /// The PostgreSQL schema, nil on SQLite.
    let schema: String?

    var description: String { kind.rawValue + (schema.map { " (schema \($0))" } ?? "") }

    /// Prepares an empty database of `kind`.
    static func make(_ kind: Kind, in directory: URL) async throws -> CrashSafetyDatabase {
        switch kind {
        case .sqlite:
            return CrashSafetyDatabase(kind: kind, url: "sqlite://" + directory.appendingPathComponent("perennial.sqlite").path, schema: nil)
        case .postgresql:
            let baseURL = try #require(postgresURL, "PERENNIAL_TEST_POSTGRES_URL is not set")
            let schema = "perennial_crash_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            try await withAdmin(baseURL) { admin in try await admin.withSession { try await $0.execute("CREATE SCHEMA \(schema)") } }
            let separator = baseURL.contains("?") ? "&" : "?"
            return CrashSafetyDatabase(kind: kind, url: "\(baseURL)\(separator)search_path=\(schema)", schema: schema)
        }
    }

    /// Opens the database, for reading what the server left.
    func open() async throws -> PerennialDatabase {
        try await PerennialDatabase.open(url: url, postgresMaximumConnections: 2)
    }

    /// Drops the PostgreSQL schema (the SQLite file goes with the workspace).
    func dispose() async {
        guard let schema, let baseURL = Self.postgresURL else { return }
        try? await Self.withAdmin(baseURL) { admin in try await admin.withSession { try await $0.execute("DROP SCHEMA \(schema) CASCADE") } }
    }

    private static func withAdmin(_ url: String, _ body: (PerennialDatabase) async throws -> Void) async throws {
        let admin = try await PerennialDatabase.open(url: url, postgresMaximumConnections: 1)
        do {
            try await body(admin)
        } catch {
            await admin.shutdown()
            throw error
        }
        await admin.shutdown()
    }
}
