import PerennialServices
import SQLKit

/// Keeps the jobs of each ordering key (`NewJob.orderingKey`) in line, so that claiming never has to look
/// past them: of a key's unfinished jobs (waiting, leased or held), the first by position (then id) is the
/// key's head and may wait for a claim; every later one that is not already leased is `held`, and is never
/// looked at by a claim. When the head completes or is buried, the next becomes `waiting`.
///
/// Every statement that decides a job's state from its key's other jobs runs with the key's lock held
/// (PostgreSQL, a transaction-scoped advisory lock; SQLite's single writer needs none), so that a job
/// enqueued while its key's head completes elsewhere cannot be held behind a head that is gone: under read
/// committed, that statement sees whatever the other side committed before it released the lock.
enum JobOrderingGate {
    static let waiting = Job.State.waiting.rawValue
    static let leased = Job.State.leased.rawValue
    static let held = Job.State.held.rawValue

    /// Takes the lock of each key (sorted, so two writers never wait for each other in a cycle).
    static func lock(_ keys: some Sequence<String>, in session: DatabaseSession) async throws {
        guard session.kind == .postgresql else { return }
        for key in Set(keys).sorted() {
            try await session.sql.raw("SELECT pg_advisory_xact_lock(\(bind: StableHash.fnv1a64("job-order|\(key)")))").run()
        }
    }

    /// The state a job of `key` at `position` is inserted in: held when an unfinished job of the key comes
    /// before it (a lower position, or the same one enqueued earlier), waiting otherwise.
    static func insertedState(key: String, position: Int64?) -> SQLQueryString {
        """
        CASE WHEN EXISTS (
            SELECT 1 FROM jobs earlier
            WHERE earlier.ordering_key = \(bind: key) AND earlier.ordering_position <= \(bind: position ?? Int64.min)
                AND earlier.state IN (\(bind: waiting), \(bind: leased), \(bind: held))
        ) THEN \(bind: held) ELSE \(bind: waiting) END
        """
    }

    /// Makes the key's head (its first unfinished job) the only one waiting: a held head becomes waiting,
    /// and any other waiting job of the key is held. Call it, with the key locked, after a job of the key
    /// finished, was buried or requeued, or was enqueued ahead of jobs already waiting.
    static func settle(_ key: String, in session: DatabaseSession) async throws {
        try await session.sql.raw("""
            WITH head AS (
                SELECT id FROM jobs
                WHERE ordering_key = \(bind: key) AND state IN (\(bind: waiting), \(bind: leased), \(bind: held))
                ORDER BY ordering_position, id LIMIT 1
            )
            UPDATE jobs SET state = CASE WHEN id IN (SELECT id FROM head) THEN \(bind: waiting) ELSE \(bind: held) END
            WHERE ordering_key = \(bind: key)
                AND ((state = \(bind: held) AND id IN (SELECT id FROM head))
                    OR (state = \(bind: waiting) AND id NOT IN (SELECT id FROM head)))
            """).run()
    }

    /// After a job of `key` left the line (completed, buried): locks the key and lets its next job wait.
    static func release(_ key: String?, in session: DatabaseSession) async throws {
        guard let key else { return }
        try await lock([key], in: session)
        try await settle(key, in: session)
    }
}
