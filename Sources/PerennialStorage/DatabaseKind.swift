/// The database engines Perennial stores its data in.
public enum DatabaseKind: String, Sendable, Hashable, CaseIterable {
    /// An embedded SQLite file (or an in-memory database, for tests): the default, nothing to install.
    case sqlite
    /// A PostgreSQL server, shared by several `perennial serve` processes.
    case postgresql
}
