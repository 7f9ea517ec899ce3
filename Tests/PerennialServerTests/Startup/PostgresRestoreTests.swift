import Foundation
import HTTPTypes
import PerennialCore
import PerennialServer
import PerennialServices
import PerennialStorage
import PerennialStoreModule
import PerennialTesting
import Synchronization
import Testing

/// `perennial restore` on PostgreSQL: a database lost after `pg_dump -Fc` comes back from the archive with
/// the same customers, once the archive's canary opens with the configured key; an archive is never
/// restored over tables in place, and a file that is no archive is refused.
@Suite("Restore: a pg_dump archive")
struct PostgresRestoreTests {
    static var runs: Bool {
        CrashSafetyDatabase.postgresURL != nil && ProcessInfo.processInfo.environment["PERENNIAL_MASTER_KEY"] == nil
    }

    /// Each customer's ETag: it covers everything the customer answer holds but the instant it was made.
    static func tags(_ harness: TestHarness, _ names: [String]) async throws -> [String] {
        var tags: [String] = []
        for name in names {
            let tag = try await harness.client.execute(
                uri: "/v1/customers/\(name)", method: .get, headers: [.authorization: "Bearer \(TestHarness.publicKey)"]
            ) { $0.status == .ok ? $0.headers[.eTag] : nil }
            tags.append(try #require(tag, "\(name) is not there"))
        }
        return tags
    }

    @Test(.enabled(if: runs, "needs PERENNIAL_TEST_POSTGRES_URL, and no PERENNIAL_MASTER_KEY"))
    func aLostDatabaseComesBackFromItsDumpWithTheSameCustomers() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-pg-restore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try await CrashSafetyDatabase.make(.postgresql, in: folder)
        let schema = try #require(database.schema)
        let key = SecretBox.generateMasterKey()
        let names = ["dora", "eli"]

        let before = try await Self.run(database, key: key) { harness in
            for name in names {
                let purchase = try await harness.simulator.purchase(account: name, bundleID: TestHarness.bundleID, productID: "pro.monthly")
                #expect(try await harness.postReceipt(purchase.receiptData, appUserID: name).status == 200)
            }
            return try await Self.tags(harness, names)
        }

        // The archive, as an operator makes it; then the schema is lost.
        let dump = folder.appendingPathComponent("perennial.dump").path
        let base = try #require(CrashSafetyDatabase.postgresURL).split(separator: "?").first.map(String.init) ?? ""
        let dumped = try await ChildProcess(
            executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["pg_dump", "-Fc", "--schema", schema, "--file", dump, base]
        ).run()
        #expect(dumped.status == 0, "\(dumped.errorText)")
        await database.dispose()

        let keyFile = folder.appendingPathComponent("perennial.key").path
        let config = folder.appendingPathComponent("perennial.yaml").path
        #expect(FileManager.default.createFile(atPath: config, contents: Data("server:\n  master_key_file: \(keyFile)\n".utf8)))
        let overrides = PerennialServer.Overrides(configPath: config, databaseURL: database.url)

        // Another key: refused before anything is written (the restore with the right key below finds no table).
        #expect(PrivateFile.create(atPath: keyFile, contents: Data((Hexadecimal.lowercase(SecretBox.generateMasterKey()) + "\n").utf8)))
        await #expect(throws: ConfigurationError.self) { try await PerennialServer.restore(overrides, from: dump) }
        try FileManager.default.removeItem(atPath: keyFile)
        #expect(PrivateFile.create(atPath: keyFile, contents: Data((Hexadecimal.lowercase(key) + "\n").utf8)))

        // A file that is no archive.
        await #expect(throws: StorageError(.backupRefused, "")) { try await PerennialServer.restore(overrides, from: config) }

        let summary = try await PerennialServer.restore(overrides, from: dump)
        #expect(summary.customers == Int64(names.count))
        #expect(summary.schemaVersion == Migrations.latestVersion)
        // Never over tables in place.
        await #expect(throws: StorageError(.backupRefused, "")) { try await PerennialServer.restore(overrides, from: dump) }

        let after = try await Self.run(database, key: key) { harness in try await Self.tags(harness, names) }
        #expect(after == before)
        await database.dispose()
    }

    /// Runs a server on `database` with `key` and returns what `body` found.
    static func run<Result: Sendable>(
        _ database: CrashSafetyDatabase, key: Data, _ body: @escaping @Sendable (TestHarness) async throws -> Result
    ) async throws -> Result {
        let found = Mutex<Result?>(nil)
        try await TestHarness.run(databaseURL: database.url, masterKey: key) { harness in
            let result = try await body(harness)
            found.withLock { $0 = result }
        }
        return try #require(found.withLock { $0 })
    }
}
