import PerennialCore
import PerennialServices
import SQLKit

extension SQLJobQueue {
    /// The most jobs one statement inserts.
    static let insertBatch = 100

    /// Inserts jobs in `session`'s transaction, many per statement: one write that records several
    /// deliveries pays a few round trips, not several per job. Jobs with a deduplication key that replace
    /// the waiting job holding it, have no ordering key and are the only ones of their key here are upserted
    /// together (`replace`); other deduplicated jobs go one at a time (`insert(_:createdAt:in:)`). Of each
    /// ordering key's jobs here, the first by position is held when an unfinished job of the key comes before
    /// it and holds any waiting after it (`JobOrderingGate`); the others are held behind it.
    static func insert(_ jobs: [NewJob], createdAt: Instant, in session: DatabaseSession) async throws {
        let keyed = jobs.filter { $0.deduplicationKey != nil }
        let counts = Dictionary(keyed.map { (ExactString($0.deduplicationKey!), 1) }, uniquingKeysWith: +)
        let replacesTogether = { (job: NewJob) in
            job.onDuplicate == .replace && job.orderingKey == nil && counts[ExactString(job.deduplicationKey!)] == 1
        }
        try await replace(keyed.filter(replacesTogether), createdAt: createdAt, in: session)
        for job in keyed where !replacesTogether(job) { try await insert(job, createdAt: createdAt, in: session) }
        let plain = jobs.filter { $0.deduplicationKey == nil }.map(positioned)
        guard !plain.isEmpty else { return }
        try await JobOrderingGate.lock(plain.compactMap(\.orderingKey), in: session)
        // The first job of each key (lowest position, then the earliest given).
        var firsts: [String: Int] = [:]
        for (index, job) in plain.enumerated() {
            guard let key = job.orderingKey else { continue }
            if let first = firsts[key], plain[first].orderingPosition! <= job.orderingPosition! { continue }
            firsts[key] = index
        }
        let isFirst = Set(firsts.values)
        var overtaking: Set<String> = []
        for start in stride(from: 0, to: plain.count, by: insertBatch) {
            let indices = start..<min(start + insertBatch, plain.count)
            let rows = indices.map { index -> SQLQueryString in
                let job = plain[index]
                let state: SQLQueryString = switch job.orderingKey {
                case nil: "\(bind: Job.State.waiting.rawValue)"
                case let key? where isFirst.contains(index): JobOrderingGate.insertedState(key: key, position: job.orderingPosition)
                case _?: "\(bind: Job.State.held.rawValue)"
                }
                return row(job, state: state, createdAt: createdAt)
            }
            let inserted = try await session.sql.raw("""
                INSERT INTO jobs \(unsafeRaw: insertedColumns) VALUES \(rows.joined(separator: ", "))
                RETURNING ordering_key, CAST(CASE WHEN state = \(bind: Job.State.waiting.rawValue) AND EXISTS (
                    SELECT 1 FROM jobs later
                    WHERE later.ordering_key = jobs.ordering_key AND later.state = \(bind: Job.State.waiting.rawValue)
                        AND later.ordering_position > jobs.ordering_position AND later.id <> jobs.id
                ) THEN 1 ELSE 0 END AS BIGINT) AS overtakes
                """).all()
            for row in inserted where try row.int64("overtakes") == 1 {
                if let key = try row.optionalString("ordering_key") { overtaking.insert(key) }
            }
        }
        for key in overtaking.sorted() { try await JobOrderingGate.settle(key, in: session) }
    }

    /// Upserts jobs whose deduplication keys are all distinct, each replacing the waiting (or held) job
    /// holding its key, one statement per `insertBatch` in key order. A job whose key a job no longer waiting
    /// holds (leased, finished) is refused by the upsert's `WHERE`, and goes the one-at-a-time way, which
    /// releases that key first.
    private static func replace(_ jobs: [NewJob], createdAt: Instant, in session: DatabaseSession) async throws {
        let sorted = jobs.sorted { ExactString($0.deduplicationKey!) < ExactString($1.deduplicationKey!) }
        for start in stride(from: 0, to: sorted.count, by: insertBatch) {
            let batch = sorted[start..<min(start + insertBatch, sorted.count)]
            let rows = batch.map { row($0, state: "\(bind: Job.State.waiting.rawValue)", createdAt: createdAt) }
            let written = Set(try await session.sql.raw("""
                INSERT INTO jobs \(unsafeRaw: insertedColumns) VALUES \(rows.joined(separator: ", ")) \(replacingWaiting)
                RETURNING dedup_key
                """).all().map { ExactString(try $0.string("dedup_key")) })
            for job in batch where !written.contains(ExactString(job.deduplicationKey!)) {
                try await insert(job, createdAt: createdAt, in: session)
            }
        }
    }
}
