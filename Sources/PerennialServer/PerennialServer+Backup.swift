import Foundation
import PerennialServices
import PerennialStorage
import PerennialStoreModule

extension PerennialServer {
    /// `perennial backup --to FILE`: a consistent copy of the configured SQLite database, taken while it
    /// serves (`SQLiteBackup`).
    public static func backUp(_ overrides: Overrides, to destination: String) async throws -> BackupSummary {
        let configuration = try configuration(overrides)
        return try await SQLiteBackup.backUp(try DatabaseLocation(url: configuration.server.databaseURL), to: destination)
    }

    /// `perennial restore --from FILE`: the backup, once checked, becomes the configured SQLite database,
    /// which must not exist yet. A backup whose sealed secrets the configured master key does not open is
    /// refused before anything is written, and so is one when no master key is configured (a new key
    /// would be made, which opens nothing in it). On PostgreSQL, FILE is an archive of `pg_dump -Fc`, restored
    /// by `pg_restore` into the configured (empty) database, its canary read from the archive first.
    public static func restore(_ overrides: Overrides, from backup: String) async throws -> BackupSummary {
        let configuration = try configuration(overrides)
        let location = try DatabaseLocation(url: configuration.server.databaseURL)
        let keys = MasterKeyLoader()
        let keyFile = configuration.server.masterKeyFile
        let source = keys.source(keyFile: keyFile)
        guard source.file == "environment" || FileManager.default.fileExists(atPath: keyFile) else {
            throw ConfigurationError(
                file: keyFile, key: "",
                problem: "is missing: a backup's secrets open only with the master key of the database it was taken from; put that key here first")
        }
        // Either key of a rotation opens the canary of a backup taken before or during it.
        let secrets = try keys.secrets(configuration.server)
        let isPostgres = location.kind == .postgresql
        let canary = isPostgres ? try await PostgresDumpRestore.masterKeyCanary(backup) : try await SQLiteBackup.masterKeyCanary(backup)
        if let canary, !MasterKeyCheck.opens(Data(canary), with: secrets) {
            throw ConfigurationError(
                file: source.file, key: source.key,
                problem: "does not open the backup's secrets: it is not the key of the database the backup was taken from")
        }
        return isPostgres
            ? try await PostgresDumpRestore.restore(backup, to: location)
            : try await SQLiteBackup.restore(backup, to: location)
    }
}
