import PostgresKit
import SQLiteKit

/// The driver connection behind a `DatabaseSession`.
enum SessionDriver: Sendable {
    /// An SQLiteNIO connection (one of the read-only connections).
    case sqlite(SQLiteConnection)
    /// The read-write SQLite connection, driven on the calling thread.
    case sqliteWriter(SQLiteWriterConnection)
    /// A PostgresNIO connection leased from the pool, on which statements can be prepared once
    /// (`PostgresPreparedStatement`).
    case postgres(PostgresConnection)
}
