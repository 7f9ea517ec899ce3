import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialTesting
import Synchronization
import Testing

/// Jobs with an ordering key (`NewJob.orderingKey`): one at a time per key, in `orderingPosition` order; a buried
/// one no longer holds the rest back, and other keys never wait.
@Suite("Job queue: ordered jobs")
struct OrderedJobTests {
    static let kind = "webhook.deliver"

    static func job(_ key: String?, _ position: Int64?, payload: String? = nil, runAt: Int64 = 0) -> NewJob {
        NewJob(
            kind: kind, appID: "app", payload: Data((payload ?? "\(key ?? "-"):\(position ?? 0)").utf8), runAt: Instant(milliseconds: runAt),
            orderingKey: key, orderingPosition: position)
    }

    static func claim(_ queue: SQLJobQueue, at now: Int64 = 10, lease: Int64 = 1_000) async throws -> Job? {
        try await queue.claim(kinds: [kind], now: Instant(milliseconds: now), leaseMilliseconds: lease)
    }

    static func name(_ job: Job?) -> String? { job.map { String(decoding: $0.payload, as: UTF8.self) } }

    @Test(arguments: TestDatabase.available)
    func aKeysJobsAreClaimedOneAtATimeInPositionOrder(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 0)))
            // Inserted out of order, and the later positions due earlier.
            try await queue.enqueue(Self.job("k", 3, runAt: 0))
            try await queue.enqueue(Self.job("k", 1, runAt: 5))
            try await queue.enqueue(Self.job("k", 2, runAt: 0))

            #expect(Self.name(try await Self.claim(queue, at: 4)) == nil, "position 1 is not due; 2 and 3 wait for it")
            let first = try #require(try await Self.claim(queue))
            #expect(Self.name(first) == "k:1")
            #expect(first.orderingKey == "k")
            #expect(first.state == .leased)
            #expect(try await Self.claim(queue) == nil, "the key's next job waits while the first runs")
            // A job of no key, or of another key, is not held back.
            try await queue.enqueue(Self.job(nil, nil, payload: "free"))
            try await queue.enqueue(Self.job("other", 7))
            let free = try #require(try await Self.claim(queue))
            #expect(Self.name(free) == "free")
            #expect(free.orderingKey == nil)
            #expect(Self.name(try await Self.claim(queue)) == "other:7")
            #expect(try await Self.claim(queue) == nil)

            try await queue.complete(jobID: first.id)
            let second = try #require(try await Self.claim(queue))
            #expect(Self.name(second) == "k:2")
            #expect(try await Self.claim(queue) == nil)
            try await queue.complete(jobID: second.id)
            let third = try #require(try await Self.claim(queue))
            #expect(Self.name(third) == "k:3")
            try await queue.complete(jobID: third.id)
            #expect(try await Self.claim(queue) == nil)
            #expect(try await queue.jobs(limit: 10).map(\.state) == [.leased, .leased])
        }
    }

    @Test(arguments: TestDatabase.available)
    func aLaterJobWaitsWhileAnEarlierOneIsRetriedAndGoesOnceItIsBuried(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 0)))
            try await queue.enqueue(Self.job("k", 1))
            try await queue.enqueue(Self.job("k", 2))
            try await queue.enqueue(Self.job("k", 3))
            try await queue.enqueue(Self.job("other", 1))
            try await queue.enqueue(Self.job("other", 2))

            let first = try #require(try await Self.claim(queue, at: 10, lease: 100))
            #expect(Self.name(first) == "k:1")
            let other = try #require(try await Self.claim(queue, at: 10, lease: 100))
            #expect(Self.name(other) == "other:1")
            #expect(try await Self.claim(queue, at: 10) == nil)

            // Retried later: waiting, not due, it still holds its key's later jobs back (not the other key's).
            try await queue.retry(jobID: first.id, error: "503", runAt: Instant(milliseconds: 1_000))
            try await queue.complete(jobID: other.id)
            #expect(Self.name(try await Self.claim(queue, at: 20, lease: 100_000)) == "other:2")
            #expect(try await Self.claim(queue, at: 999) == nil)
            let again = try #require(try await Self.claim(queue, at: 1_000, lease: 100))
            #expect(again.id == first.id)
            #expect(again.attempts == 2)
            // Its lease ran out: it is claimed again, and the later ones still wait.
            let expired = try #require(try await Self.claim(queue, at: 1_100, lease: 100))
            #expect(expired.id == first.id)
            #expect(expired.attempts == 3)
            #expect(try await Self.claim(queue, at: 1_150) == nil)

            // Buried: the next goes; the buried one stays buried.
            try await queue.bury(jobID: first.id, error: "gave up")
            let second = try #require(try await Self.claim(queue, at: 1_150))
            #expect(Self.name(second) == "k:2")
            // The second fails for good too: the third goes.
            try await queue.bury(jobID: second.id, error: "gave up")
            #expect(Self.name(try await Self.claim(queue, at: 1_150)) == "k:3")
            let states = try await queue.jobs(limit: 10).map { (Self.name($0) ?? "", $0.state) }
            #expect(states.map(\.0) == ["k:1", "k:2", "k:3", "other:2"])
            #expect(states.map(\.1) == [.buried, .buried, .leased, .leased])
        }
    }

    @Test(arguments: TestDatabase.available)
    func aRequeuedEarlierJobHoldsBackTheLaterOnesStillWaiting(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 0)))
            try await queue.enqueue(Self.job("k", 1))
            try await queue.enqueue(Self.job("k", 2))
            let first = try #require(try await Self.claim(queue))
            try await queue.bury(jobID: first.id, error: "gave up")
            // Requeued before the next was claimed: it runs first again.
            _ = try #require(try await queue.requeue(jobID: first.id, appID: "app", runAt: Instant(milliseconds: 0)))
            #expect(try await Self.claim(queue).map(\.id) == first.id)
            #expect(try await Self.claim(queue) == nil)
        }
    }

    /// Many claimers at once (on PostgreSQL, truly side by side): no two ever hold jobs of one key, and every
    /// key's jobs complete in position order.
    @Test(.timeLimit(.minutes(8)), arguments: TestDatabase.available)
    func concurrentClaimersKeepEachKeyInOrder(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 0)))
            let keys = ["a", "b", "c"], perKey: Int64 = 20
            let jobs = keys.flatMap { key in (1...perKey).map { (key, $0) } }.shuffled()
            for (key, position) in jobs {
                try await queue.enqueue(Self.job(key, position, payload: "\(key):\(position)"))
            }
            let progress = Progress()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        while progress.completed < jobs.count {
                            guard let job = try await Self.claim(queue, at: 10, lease: 600_000) else {
                                try await Task.sleep(for: .milliseconds(1))
                                continue
                            }
                            let (key, position) = try #require(Self.parse(job))
                            progress.begin(key: key)
                            if Bool.random() { try await Task.sleep(for: .milliseconds(Int.random(in: 1...3))) }
                            progress.finish(key: key, position: position)
                            try await queue.complete(jobID: job.id)
                            progress.count()
                        }
                    }
                }
                try await group.waitForAll()
            }
            let (order, overlaps) = progress.result
            #expect(overlaps == 0, "two claimers held jobs of one key at once")
            for key in keys {
                #expect(order[key] == Array(1...perKey), "\(key)")
            }
            #expect(try await queue.jobs(limit: 10).isEmpty)
        }
    }

    static func parse(_ job: Job) -> (String, Int64)? {
        let parts = (name(job) ?? "").split(separator: ":")
        guard parts.count == 2, let position = Int64(parts[1]) else { return nil }
        return (String(parts[0]), position)
    }

    /// What the concurrent claimers did, per key.
    final class Progress: Sendable {
        private struct State {
            var running: [String: Int] = [:]
            var overlaps = 0
            var order: [String: [Int64]] = [:]
            var completed = 0
        }

        private let state = Mutex(State())

        var completed: Int { state.withLock { $0.completed } }
        var result: (order: [String: [Int64]], overlaps: Int) { state.withLock { ($0.order, $0.overlaps) } }

        func begin(key: String) {
            state.withLock {
                if $0.running[key, default: 0] > 0 { $0.overlaps += 1 }
                $0.running[key, default: 0] += 1
            }
        }

        func finish(key: String, position: Int64) {
            state.withLock {
                $0.order[key, default: []].append(position)
                $0.running[key, default: 0] -= 1
            }
        }

        func count() { state.withLock { $0.completed += 1 } }
    }

    /// A job with both a deduplication key and an ordering key keeps both.
    @Test(arguments: TestDatabase.available, [NewJob.DuplicatePolicy.replace, .keep])
    func aDeduplicatedJobKeepsItsOrderingKey(database: TestDatabase, policy: NewJob.DuplicatePolicy) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 0)))
            var first = Self.job("k", 1)
            first.deduplicationKey = "d1"
            first.onDuplicate = policy
            try await queue.enqueue(first)
            try await queue.enqueue(Self.job("k", 2))
            #expect(try await queue.jobs(limit: 10).map(\.orderingKey) == ["k", "k"])
            let claimed = try #require(try await Self.claim(queue))
            #expect(Self.name(claimed) == "k:1")
            #expect(try await Self.claim(queue) == nil, "k:2 waits for k:1")
        }
    }
}
