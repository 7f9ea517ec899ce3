import Foundation
import NIOPosix
import SQLiteNIO

/// Backups of an SQLite database while it serves, and their restore.
///
/// A backup is SQLite's `VACUUM INTO` run on a read-only connection to the live file: one read transaction,
/// so the copy is the database as one commit left it (write-ahead log included), whatever the server writes
/// meanwhile, and the server's writer is never blocked (in WAL mode a reader does not hold writers back).
/// The copy is compact, private (mode 0600, as the database) and checked before it is reported: SQLite's
/// `integrity_check`, and the schema's version. Restoring copies a checked backup to a database file that
/// does not exist yet; a server then opens it (and migrates it, when the backup is older). Sealed values in
/// a backup open only with the master key of the database it was taken from: keep the key file with it,
/// apart (`perennial restore` refuses a backup whose canary the configured key does not open).
public enum SQLiteBackup {
    /// Copies the database at `location` to a new file at `destination`, while it may serve.
    public static func backUp(_ location: DatabaseLocation, to destination: String) async throws -> BackupSummary {
        let source = try filePath(of: location, role: "back up")
        guard FileManager.default.fileExists(atPath: source) else {
            throw StorageError(.databaseUnavailable, "there is no database at \(source) to back up")
        }
        try await copy(from: source, to: destination)
        return try await inspect(destination)
    }

    /// Copies the backup at `backup`, once checked, to the database file of `location`, which must not
    /// exist yet (or be empty): a database in place is never overwritten.
    public static func restore(_ backup: String, to location: DatabaseLocation) async throws -> BackupSummary {
        let target = try filePath(of: location, role: "restore into")
        // A database's last writes may still be in its log while its file is empty: a log beside the target
        // would be read into the restored file.
        for companion in [target + "-wal", target + "-shm", target + "-journal"] where FileManager.default.fileExists(atPath: companion) {
            throw StorageError(.backupRefused, "\(companion) exists: stop the server of the database in place and move it, with its -wal and -shm files, aside first")
        }
        if let size = try? FileManager.default.attributesOfItem(atPath: target)[.size] as? NSNumber {
            guard size.int64Value == 0 else {
                throw StorageError(.backupRefused, "\(target) already holds a database: stop its server and move it (with its -wal and -shm files) aside first")
            }
            try FileManager.default.removeItem(atPath: target)
        }
        let checked = try await inspect(backup)
        guard checked.schemaVersion <= Migrations.latestVersion else {
            throw StorageError(.backupRefused, "the backup's schema (version \(checked.schemaVersion)) is newer than this build of Perennial knows (\(Migrations.latestVersion))")
        }
        try await copy(from: backup, to: target)
        return try await inspect(target)
    }

    /// Checks a copy (SQLite's `integrity_check`) and counts what it holds.
    public static func inspect(_ path: String) async throws -> BackupSummary {
        guard FileManager.default.fileExists(atPath: path) else {
            throw StorageError(.backupRefused, "there is no backup at \(path)")
        }
        return try await onThreadPool {
            let connection = try openReadOnly(path)
            defer { connection.close() }
            let problems = try connection.run("PRAGMA integrity_check", [], waitingForLocks: true).compactMap { $0.column("integrity_check")?.string }
            guard problems == ["ok"] else {
                throw StorageError(.backupRefused, "\(path) fails SQLite's integrity check: \(problems.prefix(3).joined(separator: "; "))")
            }
            func count(_ query: String) throws -> Int64 {
                Int64(try connection.run(query, [], waitingForLocks: true).first?.values.first?.integer ?? 0)
            }
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
            do {
                return BackupSummary(
                    schemaVersion: try count("SELECT MAX(version) FROM schema_migrations"), bytes: bytes,
                    apps: try count("SELECT COUNT(*) FROM apps"), customers: try count("SELECT COUNT(*) FROM customers"),
                    subscriptions: try count("SELECT COUNT(*) FROM subscriptions"), events: try count("SELECT COUNT(*) FROM events"))
            } catch {
                throw StorageError(.backupRefused, "\(path) is not a Perennial database")
            }
        }
    }

    /// The master key canary sealed in the copy at `path` (`MasterKeyCheck`), nil when it has none.
    public static func masterKeyCanary(_ path: String) async throws -> [UInt8]? {
        try await onThreadPool {
            let connection = try openReadOnly(path)
            defer { connection.close() }
            let rows = try? connection.run("SELECT sealed FROM master_key_canary WHERE id = 1", [], waitingForLocks: true)
            return rows?.first?.column("sealed")?.blob.map { Array($0.readableBytesView) }
        }
    }

    /// `VACUUM INTO` a new private file; a copy that fails midway is removed.
    private static func copy(from source: String, to destination: String) async throws {
        guard PrivateFile.create(atPath: destination, contents: Data()) else {
            throw StorageError(.backupRefused, "\(destination) exists already or cannot be created")
        }
        do {
            try await onThreadPool {
                let connection = try openReadOnly(source)
                defer { connection.close() }
                _ = try connection.run("VACUUM INTO ?1", [.text(destination)], waitingForLocks: true)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: destination)
            throw error
        }
    }

    private static func openReadOnly(_ path: String) throws -> SQLiteWriterConnection {
        try SQLiteWriterConnection.open(path: path, busyTimeoutMilliseconds: SQLiteBackend.busyTimeoutMilliseconds, readOnly: true)
    }

    private static func filePath(of location: DatabaseLocation, role: String) throws -> String {
        guard case .sqliteFile(let path) = location.target else {
            throw StorageError(.backupRefused, "only an SQLite file can be backed up this way; to \(role) PostgreSQL, use pg_dump -Fc and pg_restore (README: Command line, perennial backup)")
        }
        return path
    }

    /// Runs blocking SQLite work (a copy reads the whole file) off the task pool.
    private static func onThreadPool<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await NIOThreadPool.singleton.runIfActive(work)
    }
}
