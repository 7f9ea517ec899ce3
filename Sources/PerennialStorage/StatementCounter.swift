import Synchronization

/// How many SQL statements this process has sent to each kind of database, `BEGIN` and `COMMIT` included
/// (on PostgreSQL, each is one round trip to the server): the benchmark divides them by what it measured,
/// so that the statements a notification costs show beside its rate.
public enum StatementCounter {
    private static let sqlite = Atomic<Int>(0)
    private static let postgresql = Atomic<Int>(0)

    /// The statements sent to databases of this kind since the process started.
    public static func count(_ kind: DatabaseKind) -> Int {
        switch kind {
        case .sqlite: sqlite.load(ordering: .relaxed)
        case .postgresql: postgresql.load(ordering: .relaxed)
        }
    }

    /// Counts one statement.
    static func note(_ kind: DatabaseKind) {
        switch kind {
        case .sqlite: sqlite.add(1, ordering: .relaxed)
        case .postgresql: postgresql.add(1, ordering: .relaxed)
        }
    }
}
