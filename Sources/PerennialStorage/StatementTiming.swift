import PerennialServices
import Synchronization

/// Where a database's statements are timed: nowhere until `PerennialDatabase.recordStatements(in:)` names
/// the telemetry (the server's metrics are made after its database is open).
final class StatementTiming: Sendable {
    private let telemetry = Mutex(Telemetry.off)

    func record(in telemetry: Telemetry) {
        self.telemetry.withLock { $0 = telemetry }
    }

    /// One statement of a `kind` database, begun at `started`, ended now.
    func statementEnded(_ kind: DatabaseKind, startedAt started: ContinuousClock.Instant) {
        let telemetry = self.telemetry.withLock { $0 }
        telemetry.databaseStatement(database: kind.rawValue, duration: ContinuousClock.now - started)
    }
}
