/// A moment of a database's work, for the metrics (`PerennialDatabase.load()`).
public struct DatabaseLoad: Sendable, Hashable {
    /// Writes submitted to the grouped commit and not yet in a batch.
    public var writesWaiting: Int
    /// Connections lent to a session now: SQLite's read connections (a file database), PostgreSQL's pool.
    public var connectionsInUse: Int?
    /// The connections there are at most: SQLite's readers, the size of PostgreSQL's pool.
    public var connections: Int?
    /// PostgreSQL: sessions waiting for a connection of the pool.
    public var sessionsWaiting: Int?
}
