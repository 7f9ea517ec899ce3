import Foundation
import PerennialCore
import PerennialServer
import PerennialServices
import PerennialStorage
import PerennialStoreModule
import Testing

/// `perennial restore` puts a backup in place only when the configured master key opens its secrets: a
/// missing key file or another key is refused before anything is written.
@Suite("Restore: the master key")
struct RestoreMasterKeyTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["PERENNIAL_MASTER_KEY"] == nil, "the environment's key would be used"))
    func aBackupIsRestoredOnlyWithTheKeyOfItsDatabase() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-restore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let keyFile = folder.appendingPathComponent("perennial.key").path
        let config = folder.appendingPathComponent("perennial.yaml").path
        #expect(FileManager.default.createFile(atPath: config, contents: Data("server:\n  master_key_file: \(keyFile)\n".utf8)))

        // The database the backup comes from, its canary sealed under `key`.
        let key = SecretBox.generateMasterKey()
        let source = folder.appendingPathComponent("source.sqlite").path
        let database = try await PerennialDatabase.open(url: "sqlite://\(source)")
        try await Migrations.migrate(database)
        try await MasterKeyCheck.verify(try SecretBox(masterKey: key), ledger: SQLLedger(database: database))
        let backup = folder.appendingPathComponent("backup.sqlite").path
        _ = try await SQLiteBackup.backUp(.sqlite(path: source), to: backup)
        await database.shutdown()

        let target = folder.appendingPathComponent("restored.sqlite").path
        let overrides = PerennialServer.Overrides(configPath: config, databaseURL: "sqlite://\(target)")
        await #expect(throws: ConfigurationError.self, "no key file") { try await PerennialServer.restore(overrides, from: backup) }
        #expect(!FileManager.default.fileExists(atPath: keyFile), "no key is made up")

        #expect(PrivateFile.create(atPath: keyFile, contents: Data((Hexadecimal.lowercase(SecretBox.generateMasterKey()) + "\n").utf8)))
        await #expect(throws: ConfigurationError.self, "another key") { try await PerennialServer.restore(overrides, from: backup) }
        #expect(!FileManager.default.fileExists(atPath: target))

        try FileManager.default.removeItem(atPath: keyFile)
        #expect(PrivateFile.create(atPath: keyFile, contents: Data((Hexadecimal.lowercase(key) + "\n").utf8)))
        let restored = try await PerennialServer.restore(overrides, from: backup)
        #expect(restored.schemaVersion == Migrations.latestVersion)
        #expect(FileManager.default.fileExists(atPath: target))
    }
}
