/// A moment of a database's work, for the metrics (`PerennialDatabase.load()`).
public struct DatabaseLoad: Sendable, Hashable {
    /// Writes submitted to the grouped commit and not yet in a batch.
    public var writesWaiting: Int
    /// SQLite: read connections lent to a session now; nil on PostgreSQL or an in-memory database.
    public var readersInUse: Int?
    /// SQLite: the read connections there are.
    public var readers: Int?
}
