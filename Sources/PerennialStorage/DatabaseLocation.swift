import Foundation
import PostgresKit

/// Where the database lives, parsed from a URL string.
///
/// Accepted forms:
/// - `sqlite:///absolute/path.sqlite`, `sqlite://relative/path.sqlite`, `sqlite:path.sqlite`
/// - a bare file path ending in `.sqlite` or `.sqlite3`
/// - `sqlite::memory:` (or `:memory:`): a private in-memory database, for tests
/// - `postgres://user:password@host:port/database` and `postgresql://…` (also `+tcp` and `+uds` variants),
///   with PostgresKit's `tlsmode` query item, plus `search_path=schema[,schema…]` to use other schemas than
///   `public`, and `prepared_statements=off` for a connection pooler in transaction mode (statements a
///   session runs again are otherwise prepared on its connection: `PreparingPostgresDatabase`).
public struct DatabaseLocation: Sendable, CustomStringConvertible {
    enum Target: Sendable {
        case sqliteMemory
        case sqliteFile(path: String)
        case postgres(SQLPostgresConfiguration)
    }

    let target: Target
    /// Whether PostgreSQL sessions prepare the statements they run again (`prepared_statements`).
    let preparesStatements: Bool

    /// The database engine: `sqlite` or `postgresql` (reported by `/health`).
    public var kind: DatabaseKind {
        switch target {
        case .sqliteMemory, .sqliteFile: .sqlite
        case .postgres: .postgresql
        }
    }

    init(target: Target, preparesStatements: Bool = true) {
        self.target = target
        self.preparesStatements = preparesStatements
    }

    /// A private in-memory SQLite database; it disappears when its connection shuts down.
    public static var sqliteInMemory: DatabaseLocation { DatabaseLocation(target: .sqliteMemory) }

    /// An SQLite database file, created when missing.
    public static func sqlite(path: String) -> DatabaseLocation {
        DatabaseLocation(target: .sqliteFile(path: path))
    }

    /// Parses a database URL; see the type's documentation for the accepted forms.
    public init(url: String) throws(StorageError) {
        let text = url.trimmingCharacters(in: .whitespacesAndNewlines)
        let lowercased = text.lowercased()
        if lowercased == "sqlite::memory:" || lowercased == "sqlite://:memory:" || lowercased == ":memory:" {
            self.init(target: .sqliteMemory)
        } else if lowercased.hasPrefix("sqlite:") {
            self.init(target: .sqliteFile(path: try Self.sqlitePath(fromURL: text)))
        } else if let scheme = Self.scheme(of: lowercased) {
            guard Self.postgresSchemes.contains(scheme) else {
                throw StorageError(.unsupportedDatabaseURL, "unsupported database URL scheme '\(scheme)'")
            }
            self.init(
                target: .postgres(try Self.postgresConfiguration(fromURL: text)),
                preparesStatements: try Self.preparesStatements(fromURL: text)
            )
        } else if lowercased.hasSuffix(".sqlite") || lowercased.hasSuffix(".sqlite3") {
            self.init(target: .sqliteFile(path: text))
        } else if text.isEmpty {
            throw StorageError(.invalidDatabaseURL, "the database URL is empty")
        } else {
            throw StorageError(
                .unsupportedDatabaseURL,
                "expected sqlite:///path.sqlite, a path ending in .sqlite, sqlite::memory: or postgres://…"
            )
        }
    }

    /// The location as a URL without its password, safe to log.
    public var description: String {
        switch target {
        case .sqliteMemory:
            return "sqlite::memory:"
        case .sqliteFile(let path):
            return "sqlite://\(path)"
        case .postgres(let configuration):
            let core = configuration.coreConfiguration
            let endpoint: String
            if let host = core.host {
                endpoint = "\(host):\(core.port ?? SQLPostgresConfiguration.ianaPortNumber)"
            } else {
                endpoint = core.unixSocketPath ?? "?"
            }
            return "postgresql://\(core.username)@\(endpoint)/\(core.database ?? "")"
        }
    }

    static let postgresSchemes: Set<String> = [
        "postgres", "postgresql", "postgres+tcp", "postgresql+tcp", "postgres+uds", "postgresql+uds",
    ]

    private static func scheme(of url: String) -> String? {
        guard let range = url.range(of: "://") else { return nil }
        let scheme = url[..<range.lowerBound]
        guard !scheme.isEmpty, !scheme.contains("/") else { return nil }
        return String(scheme)
    }

    private static func sqlitePath(fromURL url: String) throws(StorageError) -> String {
        var rest = url.dropFirst("sqlite:".count)
        if rest.hasPrefix("//") { rest = rest.dropFirst(2) }
        let path = String(rest).removingPercentEncoding ?? String(rest)
        guard !path.isEmpty, path != "/" else {
            throw StorageError(.invalidDatabaseURL, "the SQLite URL has no file path")
        }
        return path
    }

    private static func postgresConfiguration(fromURL url: String) throws(StorageError) -> SQLPostgresConfiguration {
        var configuration: SQLPostgresConfiguration
        do {
            configuration = try SQLPostgresConfiguration(url: url)
        } catch {
            // PostgresKit's error carries the whole URL, password included: never pass it on.
            throw StorageError(
                .invalidDatabaseURL,
                "malformed PostgreSQL URL (expected postgres://user:password@host:port/database)"
            )
        }
        let searchPathItem = URLComponents(string: url)?.queryItems?.last { $0.name.lowercased() == "search_path" }
        if let value = searchPathItem?.value {
            let schemas = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard !schemas.isEmpty, schemas.allSatisfy(isPlainIdentifier) else {
                throw StorageError(.invalidDatabaseURL, "search_path must list plain schema names")
            }
            configuration.searchPath = schemas
        }
        return configuration
    }

    private static func preparesStatements(fromURL url: String) throws(StorageError) -> Bool {
        let item = URLComponents(string: url)?.queryItems?.last { $0.name.lowercased() == "prepared_statements" }
        guard let item else { return true }
        switch item.value?.lowercased() {
        case "on", "true", "1", "yes": return true
        case "off", "false", "0", "no": return false
        default: throw StorageError(.invalidDatabaseURL, "prepared_statements must be on or off")
        }
    }

    /// Letters, digits and underscores, not starting with a digit: needs no quoting in `search_path`.
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar)
        }
    }
}
