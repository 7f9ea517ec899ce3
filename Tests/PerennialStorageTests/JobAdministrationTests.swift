import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialTesting
import Testing

/// The dead-letter side of the queue: jobs listed by app and state, buried ones re-queued, and periodic
/// work that keeps a waiting job (and its backoff) instead of replacing it.
@Suite("Job administration")
struct JobAdministrationTests {
    static func job(_ kind: String, app: String?, key: String? = nil, onDuplicate: NewJob.DuplicatePolicy = .replace) -> NewJob {
        NewJob(kind: kind, appID: app, payload: Data("p".utf8), runAt: Instant(milliseconds: 0), deduplicationKey: key, onDuplicate: onDuplicate)
    }

    @Test(arguments: TestDatabase.available)
    func buriedJobsAreListedPerAppAndRequeued(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 1)))
            try await queue.enqueue(Self.job("a", app: "forest"))
            try await queue.enqueue(Self.job("b", app: "meadow"))
            let claimed = try #require(try await queue.claim(kinds: ["a"], now: Instant(milliseconds: 10), leaseMilliseconds: 100))
            try await queue.bury(jobID: claimed.id, error: "store_unavailable")

            #expect(try await queue.jobs(appID: "forest", state: .buried, limit: 10).map(\.id) == [claimed.id])
            #expect(try await queue.jobs(appID: "meadow", state: .buried, limit: 10).isEmpty)
            #expect(try await queue.jobs(appID: nil, state: .waiting, limit: 10).map(\.kind) == ["b"])
            // Another app's key cannot requeue it; a waiting job is not buried.
            #expect(try await queue.requeue(jobID: claimed.id, appID: "meadow", runAt: Instant(milliseconds: 20)) == nil)
            let waitingID = try #require(try await queue.jobs(appID: "meadow", state: nil, limit: 10).first?.id)
            #expect(try await queue.requeue(jobID: waitingID, appID: nil, runAt: Instant(milliseconds: 20)) == nil)

            let requeued = try #require(try await queue.requeue(jobID: claimed.id, appID: "forest", runAt: Instant(milliseconds: 20)))
            #expect(requeued.state == .waiting)
            #expect(requeued.attempts == 0)
            #expect(requeued.lastError == "store_unavailable")
            #expect(try await queue.claim(kinds: ["a"], now: Instant(milliseconds: 20), leaseMilliseconds: 100)?.id == claimed.id)
        }
    }

    /// Pages by cursor walk an app's jobs once, oldest first, those created at the same instant by number.
    @Test(arguments: TestDatabase.available)
    func pagesByCursorWalkEveryJobOnce(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let clock = FixedClock(Instant(milliseconds: 1))
            let queue = SQLJobQueue(database: connection, clock: clock)
            for created in [1, 1, 1, 2, 3] {
                clock.set(Instant(milliseconds: Int64(created)))
                try await queue.enqueue(Self.job("a", app: "forest"))
            }
            try await queue.enqueue(Self.job("a", app: "meadow"))
            let every = try await queue.jobs(appID: "forest", state: .waiting, limit: 100).map(\.id)
            var walked: [Int64] = []
            var cursor: PageCursor?
            while true {
                let page = try await queue.jobs(appID: "forest", state: .waiting, after: cursor, limit: 2)
                walked += page.map(\.id)
                guard page.count == 2, let last = page.last else { break }
                cursor = PageCursor(instant: last.createdAt, id: String(last.id))
            }
            #expect(every.count == 5)
            #expect(walked == every)
        }
    }

    @Test(arguments: TestDatabase.available)
    func countsGiveEachKindAndStateWithTheEarliestDueTime(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 1)))
            for (kind, runAt) in [("a", 100), ("a", 50), ("a", 9_000), ("b", 10)] {
                try await queue.enqueue(NewJob(kind: kind, payload: Data("p".utf8), runAt: Instant(milliseconds: Int64(runAt))))
            }
            let claimed = try #require(try await queue.claim(kinds: ["b"], now: Instant(milliseconds: 20), leaseMilliseconds: 100))
            try await queue.bury(jobID: claimed.id, error: "gave up")
            let counts = try await queue.counts(now: Instant(milliseconds: 1_000))
            #expect(counts == [
                JobCount(kind: "a", state: .waiting, count: 3, earliestDueAt: Instant(milliseconds: 50)),
                JobCount(kind: "b", state: .buried, count: 1, earliestDueAt: Instant(milliseconds: 10)),
            ])
            // Before any is due, none is late.
            #expect(try await queue.counts(now: Instant(milliseconds: 0)).map(\.earliestDueAt) == [nil, nil])
        }
    }

    @Test(arguments: TestDatabase.available)
    func keepLeavesAnyJobHoldingTheKeyAsItIs(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 1)))
            try await queue.enqueue(Self.job("poll", app: "forest", key: "poll:1", onDuplicate: .keep))
            let first = try #require(try await queue.claim(kinds: ["poll"], now: Instant(milliseconds: 10), leaseMilliseconds: 100))
            try await queue.retry(jobID: first.id, error: "store_unavailable", runAt: Instant(milliseconds: 5_000))
            // Scheduled again while it waits for its retry: the retry's time and attempts stay.
            try await queue.enqueue(Self.job("poll", app: "forest", key: "poll:1", onDuplicate: .keep))
            var jobs = try await queue.jobs(limit: 10)
            #expect(jobs.count == 1)
            #expect(jobs.first?.runAt == Instant(milliseconds: 5_000))
            #expect(jobs.first?.attempts == 1)
            // Buried: it stays buried, and nothing replaces it until someone requeues it.
            try await queue.bury(jobID: first.id, error: "gave up")
            try await queue.enqueue(Self.job("poll", app: "forest", key: "poll:1", onDuplicate: .keep))
            jobs = try await queue.jobs(limit: 10)
            #expect(jobs.map(\.state) == [.buried])
            // Completed: the key is free again.
            try await queue.complete(jobID: first.id)
            try await queue.enqueue(Self.job("poll", app: "forest", key: "poll:1", onDuplicate: .keep))
            #expect(try await queue.jobs(limit: 10).map(\.state) == [.waiting])
        }
    }
}
