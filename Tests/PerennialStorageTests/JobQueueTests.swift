import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialTesting
import Testing

@Suite("Job queue")
struct JobQueueTests {
    static func job(_ kind: String = "receipt.validate", payload: String = "p", runAt: Int64 = 0, key: String? = nil) -> NewJob {
        NewJob(kind: kind, payload: Data(payload.utf8), runAt: Instant(milliseconds: runAt), deduplicationKey: key)
    }

    @Test(arguments: TestDatabase.available)
    func claimsDueJobsOfTheRequestedKinds(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 5)))
            try await queue.enqueue(Self.job("a", payload: "later", runAt: 500))
            try await queue.enqueue(Self.job("a", payload: "first", runAt: 100))
            try await queue.enqueue(Self.job("b", payload: "other", runAt: 0))

            #expect(try await queue.claim(kinds: [], now: Instant(milliseconds: 1_000), leaseMilliseconds: 10) == nil)
            #expect(try await queue.claim(kinds: ["a"], now: Instant(milliseconds: 50), leaseMilliseconds: 10) == nil)
            let first = try #require(try await queue.claim(kinds: ["a", "c"], now: Instant(milliseconds: 200), leaseMilliseconds: 10))
            #expect(first.payload == Data("first".utf8))
            #expect(first.kind == "a")
            #expect(first.state == .leased)
            #expect(first.attempts == 1)
            #expect(first.createdAt == Instant(milliseconds: 5))
            // The later one is not due yet, the first one is leased.
            #expect(try await queue.claim(kinds: ["a"], now: Instant(milliseconds: 205), leaseMilliseconds: 10) == nil)

            try await queue.complete(jobID: first.id)
            try await queue.complete(jobID: first.id)
            let remaining = try await queue.jobs(limit: 10)
            #expect(Set(remaining.map(\.kind)) == ["a", "b"])
            #expect(remaining.count == 2)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anExpiredLeaseCanBeClaimedAgain(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 0)))
            try await queue.enqueue(Self.job(runAt: 0))
            let first = try #require(try await queue.claim(kinds: ["receipt.validate"], now: Instant(milliseconds: 100), leaseMilliseconds: 1_000))
            #expect(try await queue.claim(kinds: ["receipt.validate"], now: Instant(milliseconds: 1_099), leaseMilliseconds: 1_000) == nil)
            let again = try #require(try await queue.claim(kinds: ["receipt.validate"], now: Instant(milliseconds: 1_100), leaseMilliseconds: 1_000))
            #expect(again.id == first.id)
            #expect(again.attempts == 2)
        }
    }

    @Test(arguments: TestDatabase.available)
    func retryAndBury(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 0)))
            try await queue.enqueue(Self.job(payload: ""))
            let claimed = try #require(try await queue.claim(kinds: ["receipt.validate"], now: Instant(milliseconds: 0), leaseMilliseconds: 100))
            #expect(claimed.payload.isEmpty)

            try await queue.retry(jobID: claimed.id, error: "store down", runAt: Instant(milliseconds: 1_000))
            var stored = try #require(try await queue.jobs(limit: 10).first)
            #expect(stored.state == .waiting)
            #expect(stored.runAt == Instant(milliseconds: 1_000))
            #expect(stored.lastError == "store down")
            #expect(stored.attempts == 1)
            #expect(try await queue.claim(kinds: ["receipt.validate"], now: Instant(milliseconds: 999), leaseMilliseconds: 100) == nil)
            let second = try #require(try await queue.claim(kinds: ["receipt.validate"], now: Instant(milliseconds: 1_000), leaseMilliseconds: 100))
            #expect(second.attempts == 2)

            try await queue.bury(jobID: second.id, error: "gave up")
            stored = try #require(try await queue.jobs(limit: 10).first)
            #expect(stored.state == .buried)
            #expect(stored.lastError == "gave up")
            #expect(try await queue.claim(kinds: ["receipt.validate"], now: Instant(milliseconds: 99_999), leaseMilliseconds: 100) == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func deduplicationReplacesTheWaitingJob(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let clock = FixedClock(Instant(milliseconds: 1))
            let queue = SQLJobQueue(database: connection, clock: clock)
            try await queue.enqueue(Self.job(payload: "v1", runAt: 10, key: "receipt:u1"))
            clock.set(Instant(milliseconds: 2))
            try await queue.enqueue(Self.job(payload: "v2", runAt: 20, key: "receipt:u1"))
            try await queue.enqueue(Self.job(payload: "other", runAt: 30, key: "receipt:u2"))
            var jobs = try await queue.jobs(limit: 10)
            #expect(jobs.map(\.payload) == [Data("v2".utf8), Data("other".utf8)])
            #expect(jobs.first?.runAt == Instant(milliseconds: 20))

            // While the job runs, the same key enqueues a new waiting job; another replaces that one.
            let leased = try #require(try await queue.claim(kinds: ["receipt.validate"], now: Instant(milliseconds: 25), leaseMilliseconds: 100))
            #expect(leased.payload == Data("v2".utf8))
            clock.set(Instant(milliseconds: 3))
            try await queue.enqueue(Self.job(payload: "v3", runAt: 40, key: "receipt:u1"))
            try await queue.enqueue(Self.job(payload: "v4", runAt: 40, key: "receipt:u1"))
            jobs = try await queue.jobs(limit: 10)
            #expect(jobs.count == 3)
            #expect(jobs.filter { $0.state == .leased }.map(\.payload) == [Data("v2".utf8)])
            #expect(jobs.filter { $0.state == .waiting }.map(\.payload).contains(Data("v4".utf8)))
            #expect(!jobs.map(\.payload).contains(Data("v3".utf8)))

            // The old copy still completes or retries on its own.
            try await queue.retry(jobID: leased.id, error: "again", runAt: Instant(milliseconds: 50))
            try await queue.complete(jobID: leased.id)
            #expect(try await queue.jobs(limit: 10).count == 2)
            #expect(try await queue.jobs(limit: 1).count == 1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func concurrentClaimersNeverShareAJob(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 0)))
            for index in 0..<50 {
                try await queue.enqueue(Self.job(payload: "\(index)"))
            }
            let claimed = try await withThrowingTaskGroup(of: [Int64].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        var ids: [Int64] = []
                        while let job = try await queue.claim(
                            kinds: ["receipt.validate"], now: Instant(milliseconds: 1), leaseMilliseconds: 60_000)
                        {
                            ids.append(job.id)
                        }
                        return ids
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(claimed.count == 50)
            #expect(Set(claimed).count == 50)
        }
    }
}
