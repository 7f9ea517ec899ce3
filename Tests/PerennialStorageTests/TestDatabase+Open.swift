import Foundation
import PerennialStorage
import PerennialTesting

extension TestDatabase {
    /// Runs `body` with a fresh, migrated database, then shuts it down and deletes it.
    func withDatabase(
        migrated: Bool = true, groupCommit: GroupCommitSettings? = nil, _ body: (PerennialDatabase) async throws -> Void
    ) async throws {
        try await withLocation { location in
            let database = try await PerennialDatabase.open(location, postgresMaximumConnections: 4, groupCommit: groupCommit)
            do {
                if migrated { try await Migrations.migrate(database) }
                try await body(database)
            } catch {
                await database.shutdown()
                throw error
            }
            await database.shutdown()
        }
    }

    /// Runs `body` with the location of a fresh, empty database, deleted afterwards.
    func withLocation(_ body: (DatabaseLocation) async throws -> Void) async throws {
        TestLogging.bootstrap()
        switch self {
        case .sqliteMemory:
            try await body(.sqliteInMemory)
        case .sqliteFile:
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("perennial-storage-tests-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            try await body(DatabaseLocation(url: "sqlite://\(directory.path)/test.sqlite"))
        case .postgres:
            try await PostgresTestSchemas.limiter.withPermit {
                try await PostgresTestSchemas.withFreshSchema(body)
            }
        }
    }
}
