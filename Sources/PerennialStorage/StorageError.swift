/// An error raised by Perennial's storage layer, compared by `code`.
///
/// Messages never contain secrets: a database URL is reported without its password, and sealed data or
/// query parameters are never included.
public struct StorageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable, extensible identifier for a kind of storage error.
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        /// The code as text, e.g. `storage.invalid_database_url`.
        public var rawValue: String

        /// A code; storage's own codes are the static members.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The database URL could not be parsed (a malformed PostgreSQL URL, an empty SQLite path …).
        public static let invalidDatabaseURL = Code(rawValue: "storage.invalid_database_url")
        /// The database URL names a database Perennial does not support.
        public static let unsupportedDatabaseURL = Code(rawValue: "storage.unsupported_database_url")
        /// The database could not be opened or reached.
        public static let databaseUnavailable = Code(rawValue: "storage.database_unavailable")
        /// The connection was shut down before the operation started.
        public static let connectionClosed = Code(rawValue: "storage.connection_closed")
        /// A stored row could not be decoded.
        public static let corruptRecord = Code(rawValue: "storage.corrupt_record")
        /// A write could not be applied after retrying a concurrent conflict.
        public static let writeConflict = Code(rawValue: "storage.write_conflict")
        /// Storage was called from inside a transaction of the same database instead of through its session.
        public static let nestedSession = Code(rawValue: "storage.nested_session")
        /// The database refused a statement (a constraint, a full disk, a damaged file …).
        public static let statementFailed = Code(rawValue: "storage.statement_failed")
        /// A backup or restore was refused: the database is not an SQLite file, the target exists, or the
        /// backup fails SQLite's integrity check or is newer than this build.
        public static let backupRefused = Code(rawValue: "storage.backup_refused")

        public var description: String { rawValue }
    }

    /// What went wrong, stable across releases.
    public var code: Code
    /// A human-readable explanation, free of secrets.
    public var message: String

    /// An error with a code and a secret-free message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    /// Errors are equal when their codes are.
    public static func == (lhs: StorageError, rhs: StorageError) -> Bool { lhs.code == rhs.code }

    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
