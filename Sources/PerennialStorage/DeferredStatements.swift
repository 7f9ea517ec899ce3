import SQLKit
import Synchronization

/// Data-modifying statements a PostgreSQL write defers to its last statement (`sendDeferredWrites`), where they
/// go as `WITH`s: writes of rows nothing later in the write reads.
final class DeferredStatements: Sendable {
    private let waiting = Mutex<[SQLQueryString]>([])

    /// Defers a statement.
    func append(_ statement: SQLQueryString) {
        waiting.withLock { $0.append(statement) }
    }

    /// The statements deferred, in the order given, and forgets them.
    func take() -> [SQLQueryString] {
        waiting.withLock { waiting in
            defer { waiting = [] }
            return waiting
        }
    }
}
