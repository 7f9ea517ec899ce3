import PostgresKit
import SQLiteKit

/// The driver connection behind a `DatabaseSession`.
enum SessionDriver: Sendable {
    /// An SQLiteNIO connection (the writer, or one of the read-only connections).
    case sqlite(SQLiteConnection)
    /// A PostgresNIO connection leased from the pool, on which statements can be prepared once
    /// (`PostgresPreparedStatement`).
    case postgres(PostgresConnection)
}
