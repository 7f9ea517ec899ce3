import Foundation
@testable import PerennialStorage

/// Creates and drops one PostgreSQL schema per test.
enum PostgresTestSchemas {
    /// Bounds the tests connected at once, to stay well under the server's `max_connections`.
    static let limiter = TestLimiter(permits: 6)

    static func withFreshSchema(_ body: (DatabaseLocation) async throws -> Void) async throws {
        guard let baseURL = TestDatabase.postgresURL else { return }
        let schema = "perennial_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let admin = try await PerennialDatabase.open(url: baseURL, postgresMaximumConnections: 1)
        do {
            try await admin.withSession { try await $0.execute("CREATE SCHEMA \(schema)") }
            let separator = baseURL.contains("?") ? "&" : "?"
            let location = try DatabaseLocation(url: "\(baseURL)\(separator)search_path=\(schema)")
            do {
                try await body(location)
            } catch {
                try? await admin.withSession { try await $0.execute("DROP SCHEMA \(schema) CASCADE") }
                throw error
            }
            try await admin.withSession { try await $0.execute("DROP SCHEMA \(schema) CASCADE") }
        } catch {
            await admin.shutdown()
            throw error
        }
        await admin.shutdown()
    }
}
