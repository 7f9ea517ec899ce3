import PerennialCore
import PerennialServices
import SQLKit

/// The `JobQueue` on an SQL database, in the `jobs` table.
///
/// - Claiming: inside a transaction, the next due job of the requested kinds (waiting with `run_at <= now`,
///   or leased with an expired lease) is selected, on PostgreSQL `FOR UPDATE SKIP LOCKED` so concurrent
///   workers in several processes never take the same one, then marked leased until `now + lease` with its
///   `attempts` increased. On SQLite the transaction holds the database's write lock, and is shared with
///   the writes submitted beside it (group commit): a claim costs the single writer no commit of its own.
///   Jobs behind an earlier one of their ordering key are `held` (`JobOrderingGate`), so a claim reads only
///   the due ones.
/// - `attempts` counts claims; `retry` does not increase it again.
/// - Deduplication (`NewJob.onDuplicate`): with `.keep`, any job holding the key stays and the new one is
///   dropped. With `.replace`, at most one *waiting* job per key. Enqueueing a key that a waiting job holds replaces
///   that job (kind, payload, `run_at`; attempts and error reset). A leased or buried job holding the key
///   gives it up (its `dedup_key` becomes NULL; it finishes or stays buried as it is) and the new job is
///   inserted: work enqueued while an older copy runs is never lost, at the cost of running twice, which
///   the queue's at-least-once contract already asks workers to tolerate.
/// - Inside a ledger write, a job is enqueued through `LedgerSession.enqueue`, in that write's transaction;
///   calling the queue itself there is refused (`StorageError.Code.nestedSession`).
public struct SQLJobQueue: JobQueue {
    let database: PerennialDatabase
    let clock: any Clock

    /// - Parameter clock: gives jobs their `createdAt`.
    public init(database: PerennialDatabase, clock: any Clock = SystemClock()) {
        self.database = database
        self.clock = clock
    }

    /// Inserts the job, or with a deduplication key replaces the waiting job holding it (see the type).
    public func enqueue(_ job: NewJob) async throws {
        let createdAt = clock.now()
        try await database.atomically(.write) { session in
            try await Self.insert(job, createdAt: createdAt, in: session)
        }
    }

    /// Inserts the job in `session`'s transaction (see the type for deduplication). A job with an ordering
    /// key is held when an unfinished job of its key comes before it (`JobOrderingGate`); one that comes
    /// before jobs of its key already waiting holds them instead.
    static func insert(_ job: NewJob, createdAt: Instant, in session: DatabaseSession) async throws {
        guard let key = job.deduplicationKey else { return try await insert([job], createdAt: createdAt, in: session) }
        let job = positioned(job)
        if let orderingKey = job.orderingKey { try await JobOrderingGate.lock([orderingKey], in: session) }
        let state: SQLQueryString = job.orderingKey.map { JobOrderingGate.insertedState(key: $0, position: job.orderingPosition) }
            ?? "\(bind: Job.State.waiting.rawValue)"
        let values: SQLQueryString = "\(unsafeRaw: insertedColumns) VALUES \(row(job, state: state, createdAt: createdAt))"
        switch job.onDuplicate {
        case .replace: try await enqueue(job, key: key, values: values, in: session)
        case .keep: try await session.sql.raw("INSERT INTO jobs \(values) ON CONFLICT (dedup_key) DO NOTHING").run()
        }
        if let orderingKey = job.orderingKey { try await JobOrderingGate.settle(orderingKey, in: session) }
    }

    /// The conflict clause of an insert whose job replaces the waiting (or held) job holding its key; a job
    /// holding it that is no longer waiting refuses it (the row is then not returned).
    static let replacingWaiting: SQLQueryString = """
        ON CONFLICT (dedup_key) DO UPDATE SET
            kind = excluded.kind,
            ordering_key = excluded.ordering_key,
            ordering_position = excluded.ordering_position,
            app_id = excluded.app_id,
            payload = excluded.payload,
            run_at = excluded.run_at,
            attempts = 0,
            last_error = NULL,
            lease_expires_at = NULL,
            created_at = excluded.created_at
        WHERE jobs.state IN (\(bind: Job.State.waiting.rawValue), \(bind: Job.State.held.rawValue))
        """

    static let insertedColumns = "(kind, app_id, payload, run_at, attempts, state, dedup_key, created_at, ordering_key, ordering_position)"

    /// A job's values for `insertedColumns`, in the state given.
    static func row(_ job: NewJob, state: SQLQueryString, createdAt: Instant) -> SQLQueryString {
        """
        (\(bind: job.kind), \(bind: job.appID), \(bind: job.payload), \(bind: job.runAt.milliseconds), 0, \(state),
         \(bind: job.deduplicationKey), \(bind: createdAt.milliseconds), \(bind: job.orderingKey), \(bind: job.orderingPosition))
        """
    }

    /// A keyed job without a position goes after its key's others.
    static func positioned(_ job: NewJob) -> NewJob {
        var job = job
        if job.orderingKey != nil, job.orderingPosition == nil { job.orderingPosition = .max }
        return job
    }

    private static func enqueue(_ job: NewJob, key: String, values: SQLQueryString, in session: DatabaseSession) async throws {
        // The upsert first: with no job holding the key, or a waiting one, it is the only statement. A job
        // holding it that is no longer waiting (leased, finished) makes the upsert's WHERE refuse: its key is
        // then released and the upsert tried again. A claim may lease the waiting job between the two
        // statements (PostgreSQL): the next round releases that one's key too.
        for round in 0..<4 {
            if round > 0 {
                try await session.sql.raw("""
                    UPDATE jobs SET dedup_key = NULL
                    WHERE dedup_key = \(bind: key) AND state NOT IN (\(bind: Job.State.waiting.rawValue), \(bind: Job.State.held.rawValue))
                    """).run()
            }
            let written = try await session.sql.raw("INSERT INTO jobs \(values) \(replacingWaiting) RETURNING id").first()
            if written != nil { return }
        }
        throw StorageError(.writeConflict, "a deduplicated job kept conflicting with concurrent claims")
    }

    /// Leases up to `limit` due jobs of these kinds: first those whose lease ran out, then the waiting ones
    /// earliest due first (then oldest); held jobs (`JobOrderingGate`) are never looked at. Whether any is
    /// due is asked first in a read, so idle workers polling often never take SQLite's write lock.
    public func claim(kinds: [String], now: Instant, leaseMilliseconds: Int64, limit: Int) async throws -> [Job] {
        guard !kinds.isEmpty, limit > 0 else { return [] }
        let due = try await database.atomically(.read) { session in
            try await session.sql.raw("""
                SELECT id FROM jobs WHERE kind IN (\(binds: kinds)) AND \(Self.due(now: now)) LIMIT 1
                """).first() != nil
        }
        guard due else { return [] }
        // Grouped: on SQLite the claim shares the commit (and its sync) of the writes waiting beside it,
        // the stores' notifications among them, rather than costing the single writer one of its own.
        return try await database.groupedWrite { session in
            let skipLocked: SQLQueryString = session.kind == .postgresql ? " FOR UPDATE SKIP LOCKED" : ""
            let leased = Job.State.leased.rawValue
            var claimed: [Job] = []
            let candidates: [SQLQueryString] = [
                "state = \(bind: leased) AND lease_expires_at <= \(bind: now.milliseconds) ORDER BY lease_expires_at, id",
                "state = \(bind: Job.State.waiting.rawValue) AND run_at <= \(bind: now.milliseconds) ORDER BY run_at, id",
            ]
            for candidate in candidates where claimed.count < limit {
                // Picked once (MATERIALIZED): a subquery the planner ran again could skip other locked
                // rows the second time, and lease more than the limit.
                let rows = try await session.sql.raw("""
                    WITH picked AS MATERIALIZED (
                        SELECT id FROM jobs WHERE kind IN (\(binds: kinds)) AND \(candidate)
                        LIMIT \(bind: Int64(limit - claimed.count))\(skipLocked))
                    UPDATE jobs SET state = \(bind: leased), attempts = attempts + 1,
                        lease_expires_at = \(bind: now.milliseconds + leaseMilliseconds)
                    WHERE id IN (SELECT id FROM picked)
                    RETURNING \(unsafeRaw: Self.columns)
                    """).all()
                claimed += try rows.map(Self.job(from:))
            }
            return claimed.sorted { ($0.runAt, $0.id) < ($1.runAt, $1.id) }
        }
    }

    /// Whether a job is due: waiting with its time come, or leased with its lease run out.
    private static func due(now: Instant) -> SQLQueryString {
        """
        ((state = \(bind: Job.State.waiting.rawValue) AND run_at <= \(bind: now.milliseconds))
            OR (state = \(bind: Job.State.leased.rawValue) AND lease_expires_at <= \(bind: now.milliseconds)))
        """
    }

    /// Deletes the job; an unknown id is ignored. The next job of its ordering key may then be claimed.
    public func complete(jobID: Int64) async throws {
        try await database.atomically(.write) { session in try await Self.delete(jobID: jobID, in: session) }
    }

    /// Deletes the job in `session`'s transaction and lets the next of its ordering key wait for a claim.
    static func delete(jobID: Int64, in session: DatabaseSession) async throws {
        let row = try await session.sql.raw("DELETE FROM jobs WHERE id = \(bind: jobID) RETURNING ordering_key").first()
        try await JobOrderingGate.release(try row?.optionalString("ordering_key"), in: session)
    }

    /// Returns the job to the queue, due at `runAt`; its lease ends and `attempts` keeps the count of claims.
    public func retry(jobID: Int64, error: String, runAt: Instant) async throws {
        try await database.atomically(.write) { session in
            try await session.sql.raw("""
                UPDATE jobs SET state = \(bind: Job.State.waiting.rawValue), run_at = \(bind: runAt.milliseconds),
                    last_error = \(bind: error), lease_expires_at = NULL
                WHERE id = \(bind: jobID)
                """).run()
        }
    }

    public func release(jobID: Int64, runAt: Instant) async throws {
        try await database.atomically(.write) { session in
            try await session.sql.raw("""
                UPDATE jobs SET state = \(bind: Job.State.waiting.rawValue), run_at = \(bind: runAt.milliseconds),
                    last_error = 'interrupted', lease_expires_at = NULL, attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END
                WHERE id = \(bind: jobID)
                """).run()
        }
    }

    /// Keeps the job, buried, with its error; it is never claimed again, and no longer holds back the
    /// later jobs of its ordering key.
    public func bury(jobID: Int64, error: String) async throws {
        try await database.atomically(.write) { session in
            let row = try await session.sql.raw("""
                UPDATE jobs SET state = \(bind: Job.State.buried.rawValue), last_error = \(bind: error),
                    lease_expires_at = NULL
                WHERE id = \(bind: jobID)
                RETURNING ordering_key
                """).first()
            try await JobOrderingGate.release(try row?.optionalString("ordering_key"), in: session)
        }
    }

    /// Jobs oldest first by `createdAt`, then id; of one app and in one state when given.
    public func jobs(appID: String?, state: Job.State?, after cursor: PageCursor?, limit: Int) async throws -> [Job] {
        guard limit > 0 else { return [] }
        return try await database.atomically(.read) { session in
            var query: SQLQueryString = "SELECT \(unsafeRaw: Self.columns) FROM jobs WHERE 1 = 1"
            if let appID { query += " AND app_id = \(bind: appID)" }
            if let state { query += " AND state = \(bind: state.rawValue)" }
            if let cursor {
                // A cursor whose id is not a job's number continues after every job created at its instant.
                let id = Int64(cursor.id) ?? Int64.max
                query += """
                     AND (created_at > \(bind: cursor.instant.milliseconds)
                        OR (created_at = \(bind: cursor.instant.milliseconds) AND id > \(bind: id)))
                    """
            }
            query += " ORDER BY created_at, id LIMIT \(bind: Int64(limit))"
            return try await session.sql.raw(query).all().map(Self.job(from:))
        }
    }

    /// One grouped read of the whole table; the states and kinds are few.
    public func counts(now: Instant) async throws -> [JobCount] {
        try await database.atomically(.read) { session in
            try await session.sql.raw("""
                SELECT kind, state, COUNT(*) AS count,
                    MIN(CASE WHEN run_at <= \(bind: now.milliseconds) THEN run_at END) AS earliest_due
                FROM jobs GROUP BY kind, state ORDER BY kind, state
                """).all().compactMap { row in
                guard let state = Job.State(rawValue: try row.decode(column: "state", as: String.self)) else { return nil }
                return JobCount(
                    kind: try row.decode(column: "kind", as: String.self), state: state,
                    count: Int(try row.decode(column: "count", as: Int64.self)),
                    earliestDueAt: try row.decode(column: "earliest_due", as: Int64?.self).map(Instant.init(milliseconds:)))
            }
        }
    }

    /// Returns a buried job to the queue: waiting, due at `runAt`, attempts reset, its last error kept until
    /// it runs again. A buried job that gave up its deduplication key keeps none. One with an ordering key
    /// takes its place in its key's line again: ahead of the later ones still waiting, behind the earlier ones.
    public func requeue(jobID: Int64, appID: String?, runAt: Instant) async throws -> Job? {
        try await database.atomically(.write) { session in
            var query: SQLQueryString = """
                UPDATE jobs SET state = \(bind: Job.State.waiting.rawValue), run_at = \(bind: runAt.milliseconds),
                    attempts = 0, lease_expires_at = NULL
                WHERE id = \(bind: jobID) AND state = \(bind: Job.State.buried.rawValue)
                """
            if let appID { query += " AND app_id = \(bind: appID)" }
            query += " RETURNING \(unsafeRaw: Self.columns)"
            guard var job = try await session.sql.raw(query).first().map(Self.job(from:)) else { return nil }
            guard let key = job.orderingKey else { return job }
            try await JobOrderingGate.release(key, in: session)
            let state = try await session.sql.raw("SELECT state FROM jobs WHERE id = \(bind: job.id)").first()?.string("state")
            job.state = state.flatMap(Job.State.init(rawValue:)) ?? job.state
            return job
        }
    }

    private static let columns = "id, kind, app_id, payload, run_at, attempts, state, last_error, created_at, ordering_key"

    private static func job(from row: any SQLRow) throws -> Job {
        let stateText = try row.string("state")
        guard let state = Job.State(rawValue: stateText) else {
            throw StorageError(.corruptRecord, "a job has the unknown state '\(stateText)'")
        }
        return Job(
            id: try row.int64("id"), kind: try row.string("kind"), appID: try row.optionalString("app_id"), payload: try row.data("payload"),
            runAt: Instant(milliseconds: try row.int64("run_at")), attempts: Int(try row.int64("attempts")),
            state: state, lastError: try row.optionalString("last_error"),
            createdAt: Instant(milliseconds: try row.int64("created_at")), orderingKey: try row.optionalString("ordering_key")
        )
    }
}
