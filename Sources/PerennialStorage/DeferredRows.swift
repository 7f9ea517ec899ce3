import Synchronization

/// Rows a transaction wrote, kept to be inserted just before it commits (`DatabaseSession.atomically`):
/// a group commit's writes then share one statement instead of paying one each. The webhook deliveries
/// (`DatabaseSession.deferredDeliveries`) and the metric rollups' cells (`deferredRollupCells`) wait here.
///
/// A statement of the same transaction that reads or changes such rows inserts the waiting ones first
/// (`SQLLedgerSession.insertDeferredDeliveries`, `insertDeferredRollupCells`), so no statement of the write
/// sees the difference. Savepoints are followed on one clock: one that rolls back drops what was deferred
/// since it began, and what was inserted since it began (the rollback took those rows back) waits again.
final class DeferredRows<Item: Sendable>: Sendable {
    private struct Row {
        var deferredAt: Int
        var item: Item
        /// When the row was inserted; nil while it waits.
        var insertedAt: Int?
    }

    private struct State {
        var rows: [Row] = []
        var clock = 0

        mutating func tick() -> Int {
            clock += 1
            return clock
        }
    }

    private let state = Mutex(State())

    /// A savepoint begins: what is deferred or inserted from now on is its own.
    func mark() -> Int {
        state.withLock { $0.tick() }
    }

    func append(_ items: [Item]) {
        state.withLock { state in
            for item in items { state.rows.append(Row(deferredAt: state.tick(), item: item)) }
        }
    }

    /// The savepoint begun at `mark` rolled back: what was deferred since is forgotten, and what was
    /// inserted since waits again.
    func rollBack(to mark: Int) {
        state.withLock { state in
            state.rows.removeAll { $0.deferredAt >= mark }
            for index in state.rows.indices where (state.rows[index].insertedAt ?? .min) >= mark {
                state.rows[index].insertedAt = nil
            }
        }
    }

    /// The waiting rows, in the order deferred, now counted as inserted.
    func takeWaiting() -> [Item] {
        state.withLock { state in
            let now = state.tick()
            var waiting: [Item] = []
            for index in state.rows.indices where state.rows[index].insertedAt == nil {
                waiting.append(state.rows[index].item)
                state.rows[index].insertedAt = now
            }
            return waiting
        }
    }

    /// The transaction ended (committed, or rolled back whole): nothing is owed any more.
    func reset() {
        state.withLock { $0.rows = [] }
    }
}
