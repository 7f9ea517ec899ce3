import Foundation
import Logging
import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialTesting
import Testing

/// The runner: success completes, a passing failure retries with backoff until the last attempt buries it,
/// a verdict buries at once.
@Suite("Job runner")
struct JobRunnerTests {
    /// A handler that fails as told, counting its runs.
    struct ScriptedHandler: JobHandler {
        let kind = "scripted"
        let failure: (any Error & Sendable)?
        let runs: Counter

        func run(_ job: Job) async throws {
            await runs.increment()
            if let failure { throw failure }
        }
    }

    /// A handler that starts, counts, then waits until it is cancelled.
    struct StallingHandler: JobHandler {
        let kind = "scripted"
        let runs: Counter

        func run(_ job: Job) async throws {
            await runs.increment()
            try await Task.sleep(for: .seconds(600))
        }
    }

    actor Counter {
        private(set) var value = 0
        func increment() { value += 1 }
    }

    func withRunner(
        failing failure: (any Error & Sendable)?, stalls: Bool = false, logger: Logger = TestLogging.logger("test"),
        _ body: @Sendable (JobRunner, SQLJobQueue, FixedClock, Counter) async throws -> Void
    ) async throws {
        let connection = try await PerennialDatabase.open(url: "sqlite::memory:")
        do {
            _ = try await Migrations.migrate(connection)
            let clock = FixedClock(Instant(milliseconds: 0))
            let queue = SQLJobQueue(database: connection, clock: clock)
            let counter = Counter()
            let runner = JobRunner(
                queue: queue, handlers: [stalls ? StallingHandler(runs: counter) : ScriptedHandler(failure: failure, runs: counter)],
                policy: JobRetryPolicy(base: .seconds(10), maximum: .seconds(60), maximumAttempts: 4, lease: .seconds(30)),
                clock: clock, logger: logger
            )
            try await queue.enqueue(NewJob(kind: "scripted", payload: Data(), runAt: Instant(milliseconds: 0)))
            try await body(runner, queue, clock, counter)
        } catch {
            await connection.shutdown()
            throw error
        }
        await connection.shutdown()
    }

    @Test func aJobThatSucceedsIsCompleted() async throws {
        try await withRunner(failing: nil) { (runner: JobRunner, queue: SQLJobQueue, _: FixedClock, runs: Counter) async throws in
            #expect(try await runner.runOnce())
            #expect(try await runner.runOnce() == false)
            #expect(try await queue.jobs(limit: 10).isEmpty)
            #expect(await runs.value == 1)
        }
    }

    @Test func aPassingFailureBacksOffThenIsBuriedAfterTheLastAttempt() async throws {
        try await withRunner(failing: PerennialError(.storeUnavailable, "down")) { (runner: JobRunner, queue: SQLJobQueue, clock: FixedClock, runs: Counter) async throws in
            var delays: [Int64] = []
            for _ in 1...4 {
                #expect(try await runner.runOnce())
                #expect(try await runner.runOnce() == false, "not due again before its backoff")
                let job = try #require(try await queue.jobs(limit: 10).first)
                if job.state == .buried { break }
                delays.append(job.runAt.milliseconds - clock.now().milliseconds)
                clock.set(job.runAt)
            }
            let job = try #require(try await queue.jobs(limit: 10).first)
            #expect(job.state == .buried)
            #expect(job.lastError == "store_unavailable")
            #expect(await runs.value == 4)
            // 10 s, 20 s, 40 s ceilings, each jittered between half and all of it.
            #expect(delays.count == 3)
            for (delay, ceiling) in zip(delays, [10_000, 20_000, 40_000] as [Int64]) {
                #expect((ceiling / 2...ceiling).contains(delay), "\(delay) within \(ceiling)")
            }
        }
    }

    @Test func everyFailureIsLoggedWithItsKindAttemptCodeAndNextAttempt() async throws {
        let logs = CapturingLogHandler.Store()
        let failure = PerennialError(.storeUnavailable, "down")
        try await withRunner(failing: failure, logger: CapturingLogHandler.logger(logs)) { (runner: JobRunner, queue: SQLJobQueue, clock: FixedClock, _: Counter) async throws in
            for _ in 1...4 {
                #expect(try await runner.runOnce())
                if let job = try await queue.jobs(limit: 1).first, job.state != .buried { clock.set(job.runAt) }
            }
            let job = try #require(try await queue.jobs(limit: 1).first)
            let failures = logs.all.filter { $0.metadata["kind"] == "scripted" }
            #expect(failures.map(\.message) == Array(repeating: "job failed, will retry", count: 3) + ["job buried after its last attempt"])
            #expect(failures.map { $0.metadata["attempt"] } == ["1", "2", "3", "4"])
            #expect(failures.allSatisfy { $0.metadata["code"] == "store_unavailable" && $0.metadata["job"] == "\(job.id)" })
            #expect(failures.prefix(3).allSatisfy { $0.metadata["next_attempt_at"] != nil })
        }
    }

    @Test func aJobInterruptedByShutdownGoesBackDueNowAndIsNoFailureNorAnAttempt() async throws {
        let logs = CapturingLogHandler.Store()
        try await withRunner(failing: nil, stalls: true, logger: CapturingLogHandler.logger(logs)) { (runner: JobRunner, queue: SQLJobQueue, clock: FixedClock, runs: Counter) async throws in
            let run = Task { try await runner.runOnce() }
            while await runs.value == 0 { try await Task.sleep(for: .milliseconds(5)) }
            run.cancel()
            #expect(try await run.value)
            let job = try #require(try await queue.jobs(limit: 1).first)
            #expect(job.state == .waiting)
            #expect(job.lastError == "interrupted")
            #expect(job.runAt == clock.now())
            #expect(job.attempts == 0, "the interrupted claim is not counted as an attempt")
            #expect(!logs.all.contains { $0.message.hasPrefix("job failed") || $0.message.hasPrefix("job buried") }, "\(logs.all.map(\.message))")
        }
    }

    @Test func aVerdictBuriesAtOnce() async throws {
        try await withRunner(failing: PerennialError(.verificationFailure, "forged")) { (runner: JobRunner, queue: SQLJobQueue, _: FixedClock, runs: Counter) async throws in
            #expect(try await runner.runOnce())
            let job = try #require(try await queue.jobs(limit: 10).first)
            #expect(job.state == .buried)
            #expect(job.lastError == "verification_failure")
            #expect(await runs.value == 1)
        }
    }

    @Test func backoffIsCappedAndJittered() {
        let policy = JobRetryPolicy(base: .seconds(30), maximum: .seconds(3_600), maximumAttempts: 20)
        var random = SplitMix64(state: 7)
        for attempt in 1...25 {
            let ceiling = min(Int64(30_000) << min(attempt - 1, 20), 3_600_000)
            let delay = policy.delay(afterAttempt: attempt, using: &random)
            #expect((ceiling / 2...ceiling).contains(delay), "attempt \(attempt): \(delay)")
        }
    }
}
