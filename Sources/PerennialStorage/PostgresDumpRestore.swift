import Foundation
import NIOPosix
import PostgresKit
import SQLKit

/// `perennial restore` on PostgreSQL: an archive made by `pg_dump -Fc` becomes the configured database,
/// through PostgreSQL's own `pg_restore`, in one transaction (a restore that fails midway leaves nothing).
/// The configured schema (the first of `search_path`, `public` by default) must hold no table yet: a
/// database in place is never overwritten. The password goes to `pg_restore` in its environment, never on
/// its command line, where other users of the machine could read it.
public enum PostgresDumpRestore {
    /// The first bytes of a custom-format archive.
    static let archiveMagic = Data("PGDMP".utf8)

    /// Restores the archive at `dump` into the database of `location`, then counts what it holds.
    /// - Parameter pgRestore: the `pg_restore` to run (found on `PATH` by default).
    public static func restore(_ dump: String, to location: DatabaseLocation, pgRestore: String = "pg_restore") async throws -> BackupSummary {
        guard case .postgres(let configuration) = location.target else {
            throw StorageError(.backupRefused, "a pg_dump archive restores into PostgreSQL only; the configured database is \(location.kind.rawValue)")
        }
        let bytes = try checkArchive(dump)
        let database = try await PerennialDatabase.open(location, postgresMaximumConnections: 1)
        do {
            guard try await tableCount(database) == 0 else {
                throw StorageError(.backupRefused, "the configured schema already holds tables: restore into an empty database or schema")
            }
            _ = try await run(pgRestore, [
                "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction",
                "--dbname", configuration.coreConfiguration.database ?? configuration.coreConfiguration.username, dump,
            ], connection: configuration.coreConfiguration)
            let summary = try await summary(database, bytes: bytes)
            await database.shutdown()
            return summary
        } catch {
            await database.shutdown()
            throw error
        }
    }

    /// The master key canary sealed in the archive at `dump` (`MasterKeyCheck`), read without restoring
    /// anything; nil when it has none.
    public static func masterKeyCanary(_ dump: String, pgRestore: String = "pg_restore") async throws -> [UInt8]? {
        _ = try checkArchive(dump)
        let copy = try await run(pgRestore, ["--data-only", "--table", "master_key_canary", "--file", "-", dump], connection: nil)
        return canary(inCopyText: copy)
    }

    /// The `sealed` value of the row `COPY … master_key_canary (id, sealed) FROM stdin;` lists: in COPY's
    /// text format a bytea is `\\x` and hexadecimal digits.
    static func canary(inCopyText text: String) -> [UInt8]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("COPY ") && $0.contains("master_key_canary") }),
              header + 1 < lines.count
        else { return nil }
        let fields = lines[header + 1].split(separator: "\t")
        guard fields.count == 2 else { return nil }
        var digits = Substring(fields[1])
        while digits.hasPrefix("\\") { digits = digits.dropFirst() }
        guard digits.hasPrefix("x"), digits.count % 2 == 1 else { return nil }
        var bytes: [UInt8] = []
        var index = digits.index(after: digits.startIndex)
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            guard let byte = UInt8(digits[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }

    /// The archive's size, once its first bytes say it is a custom-format pg_dump archive.
    private static func checkArchive(_ path: String) throws -> Int64 {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw StorageError(.backupRefused, "there is no dump at \(path)")
        }
        defer { try? handle.close() }
        guard try handle.read(upToCount: archiveMagic.count) == archiveMagic else {
            throw StorageError(.backupRefused, "\(path) is not an archive of pg_dump -Fc (a plain SQL dump goes through psql instead)")
        }
        return Int64(try handle.seekToEnd())
    }

    /// Tables in the schema the session uses (none when that schema does not exist yet).
    private static func tableCount(_ database: PerennialDatabase) async throws -> Int64 {
        try await database.withSession { session in
            try await session.sql.raw("SELECT COUNT(*) AS tables FROM information_schema.tables WHERE table_schema = current_schema()")
                .first()?.int64("tables") ?? 0
        }
    }

    private static func summary(_ database: PerennialDatabase, bytes: Int64) async throws -> BackupSummary {
        do {
            return try await database.withSession { session in
                func count(_ query: SQLQueryString) async throws -> Int64 {
                    try await session.sql.raw(query).first()?.int64("n") ?? 0
                }
                return BackupSummary(
                    schemaVersion: try await count("SELECT MAX(version) AS n FROM schema_migrations"), bytes: bytes,
                    apps: try await count("SELECT COUNT(*) AS n FROM apps"), customers: try await count("SELECT COUNT(*) AS n FROM customers"),
                    subscriptions: try await count("SELECT COUNT(*) AS n FROM subscriptions"),
                    events: try await count("SELECT COUNT(*) AS n FROM events"),
                    check: "pg_restore completed in one transaction")
            }
        } catch {
            throw StorageError(
                .backupRefused,
                "pg_restore ran, but the configured schema holds no Perennial database: the archive's tables are in another schema than search_path names")
        }
    }

    /// Runs `pg_restore` with `arguments` and returns what it wrote on standard output; with a `connection`,
    /// its server, user and password go in the environment.
    private static func run(_ pgRestore: String, _ arguments: [String], connection: PostgresConnection.Configuration?) async throws -> String {
        var environment = ProcessInfo.processInfo.environment
        for key in ["PGHOST", "PGPORT", "PGUSER", "PGPASSWORD", "PGDATABASE", "PGSSLMODE", "PGOPTIONS"] { environment[key] = nil }
        if let connection {
            environment["PGHOST"] = connection.host ?? connection.unixSocketPath.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }
            environment["PGPORT"] = connection.port.map(String.init)
            environment["PGUSER"] = connection.username
            environment["PGPASSWORD"] = connection.password
            environment["PGSSLMODE"] = connection.tls.isEnforced ? "require" : connection.tls.isAllowed ? "prefer" : "disable"
        }
        let (status, output, errors) = try await NIOThreadPool.singleton.runIfActive { [environment] in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [pgRestore] + arguments
            process.environment = environment
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            // Read one after the other: the output is a row at most, the errors stop at the first one
            // (`--exit-on-error`), so neither fills its pipe while the other is read.
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text, errorText)
        }
        guard status == 0 else {
            let reason = errors.split(separator: "\n").prefix(3).joined(separator: "; ")
            throw StorageError(.backupRefused, "pg_restore failed (exit \(status)), nothing was restored: \(reason)")
        }
        return output
    }
}
