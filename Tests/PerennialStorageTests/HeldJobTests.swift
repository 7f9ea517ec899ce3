import Foundation
import PerennialCore
import PerennialServices
@testable import PerennialStorage
import PerennialTesting
import Testing

/// The state behind ordered claims: of a key's unfinished jobs only the first waits for a claim, the later
/// ones are `held`, and the next is released when the one before it completes or is buried. Claims take
/// batches of due jobs and never look at held ones.
@Suite("Job queue: held jobs")
struct HeldJobTests {
    static func states(_ queue: SQLJobQueue) async throws -> [String] {
        try await queue.jobs(limit: 50).map { "\(OrderedJobTests.name($0) ?? ""):\($0.state.rawValue)" }
    }

    static func claim(_ queue: SQLJobQueue, at now: Int64 = 10, limit: Int) async throws -> [String] {
        try await queue.claim(kinds: [OrderedJobTests.kind], now: Instant(milliseconds: now), leaseMilliseconds: 100, limit: limit)
            .map { OrderedJobTests.name($0) ?? "" }
    }

    @Test(arguments: TestDatabase.available)
    func theJobsAfterAKeysFirstAreHeldUntilItCompletesOrIsBuried(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 0)))
            for position in 1...3 { try await queue.enqueue(OrderedJobTests.job("k", Int64(position))) }
            try await queue.enqueue(OrderedJobTests.job("other", 1))
            #expect(try await Self.states(queue) == ["k:1:waiting", "k:2:held", "k:3:held", "other:1:waiting"])

            #expect(try await Self.claim(queue, limit: 10) == ["k:1", "other:1"])
            let first = try #require(try await queue.jobs(limit: 1).first)
            try await queue.retry(jobID: first.id, error: "503", runAt: Instant(milliseconds: 500))
            #expect(try await Self.states(queue) == ["k:1:waiting", "k:2:held", "k:3:held", "other:1:leased"])
            #expect(try await Self.claim(queue, limit: 10).isEmpty, "the first is not due yet, the others are held")

            try await queue.bury(jobID: first.id, error: "gave up")
            #expect(try await Self.states(queue) == ["k:1:buried", "k:2:waiting", "k:3:held", "other:1:leased"])
            let second = try #require(try await queue.jobs(limit: 2).last)
            try await queue.complete(jobID: second.id)
            #expect(try await Self.states(queue) == ["k:1:buried", "k:3:waiting", "other:1:leased"])

            // Requeued, the buried first job goes ahead of the third again.
            _ = try #require(try await queue.requeue(jobID: first.id, appID: nil, runAt: Instant(milliseconds: 0)))
            #expect(try await Self.states(queue) == ["k:1:waiting", "k:3:held", "other:1:leased"])
        }
    }

    @Test(arguments: TestDatabase.available)
    func aJobEnqueuedAheadOfWaitingOnesHoldsThem(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 0)))
            try await queue.enqueue(OrderedJobTests.job("k", 5))
            try await queue.enqueue(OrderedJobTests.job("k", 6))
            // A replay of older events comes in ahead; the same position again goes behind the first.
            try await queue.enqueue(OrderedJobTests.job("k", 2))
            try await queue.enqueue(OrderedJobTests.job("k", 5, payload: "k:5 again"))
            #expect(try await Self.states(queue) == ["k:5:held", "k:6:held", "k:2:waiting", "k:5 again:held"])
            #expect(try await Self.claim(queue, limit: 10) == ["k:2"])

            // Ahead of a job already running, a new one does not wait for it (it cannot be stopped).
            try await queue.enqueue(OrderedJobTests.job("k", 1))
            #expect(try await Self.claim(queue, limit: 10) == ["k:1"])
        }
    }

    @Test(arguments: TestDatabase.available)
    func aBatchTakesExpiredLeasesThenTheEarliestDueHeads(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 0)))
            try await queue.enqueue(OrderedJobTests.job("a", 1, runAt: 3))
            try await queue.enqueue(OrderedJobTests.job("a", 2, runAt: 0))
            try await queue.enqueue(OrderedJobTests.job("b", 1, runAt: 2))
            try await queue.enqueue(OrderedJobTests.job("c", 1, runAt: 1))
            try await queue.enqueue(OrderedJobTests.job(nil, nil, payload: "free", runAt: 50))

            #expect(try await Self.claim(queue, limit: 2) == ["c:1", "b:1"])
            #expect(try await Self.claim(queue, limit: 5) == ["a:1"], "a:2 waits for a:1; free is not due")
            // The three leases ran out at 110: they come first (oldest first), then what is due.
            #expect(Set(try await Self.claim(queue, at: 120, limit: 2)) == ["a:1", "b:1"])
            #expect(Set(try await Self.claim(queue, at: 120, limit: 3)) == ["c:1", "free"])
            #expect(try await Self.claim(queue, at: 120, limit: 3).isEmpty)
        }
    }

    /// Many jobs in one write (a write's deliveries): each key's first by position is decided as a single
    /// job would be, the others of its key are held behind it, and one that overtakes waiting jobs holds them.
    @Test(arguments: TestDatabase.available)
    func jobsEnqueuedTogetherKeepEachKeysLine(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 0)))
            let ledger = SQLLedger(database: connection)
            try await queue.enqueue(OrderedJobTests.job("c", 5))
            try await queue.enqueue(OrderedJobTests.job("d", 1))
            let together = [
                OrderedJobTests.job("a", 3), OrderedJobTests.job("a", 1), OrderedJobTests.job("b", 1),
                OrderedJobTests.job(nil, nil, payload: "free"), OrderedJobTests.job("c", 2), OrderedJobTests.job("a", 2),
                OrderedJobTests.job("d", 2),
            ]
            try await ledger.write { try await $0.enqueue(together, createdAt: Fixtures.instant(1)) }
            #expect(try await Self.states(queue) == [
                "c:5:held", "d:1:waiting", "a:3:held", "a:1:waiting", "b:1:waiting", "free:waiting", "c:2:waiting", "a:2:held",
                "d:2:held",
            ])
            #expect(Set(try await Self.claim(queue, limit: 10)) == ["d:1", "a:1", "b:1", "free", "c:2"])
        }
    }

    /// Migration 21 holds the jobs that the claim used to hold back by looking at their keys.
    @Test(arguments: TestDatabase.available)
    func theMigrationHoldsTheJobsBehindTheirKeysFirst(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 0)))
            for (key, position) in [("k", 2), ("k", 1), ("k", 3), ("j", 1), ("j", 1)] {
                try await queue.enqueue(OrderedJobTests.job(key, Int64(position)))
            }
            try await queue.enqueue(OrderedJobTests.job(nil, nil, payload: "free"))
            // Written as version 20 wrote them: all waiting; then carried forward.
            try await connection.withSession { session in
                try await session.execute("UPDATE jobs SET state = 'waiting'")
                for statement in Migration.heldJobs.statements(session.kind) { try await session.execute(statement) }
            }
            #expect(try await Self.states(queue) == ["k:2:held", "k:1:waiting", "k:3:held", "j:1:waiting", "j:1:held", "free:waiting"])
        }
    }
}
