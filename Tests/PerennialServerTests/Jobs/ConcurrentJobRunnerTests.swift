import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialTesting
import Synchronization
import Testing

/// `JobRunner.run(workers:)`: many keys side by side, never more than `workers` at once, each key in order,
/// and a job that takes long does not keep the free workers from the rest.
@Suite("Job runner: workers")
struct ConcurrentJobRunnerTests {
    /// Runs each job for the time its payload names (`key:position:milliseconds`), noting what ran at once.
    final class Recorder: JobHandler, Sendable {
        let kind = "recorded"
        private let state = Mutex<(running: Int, most: Int, done: [String: [Int]], finished: [String])>((0, 0, [:], []))

        func run(_ job: Job) async throws {
            let parts = String(decoding: job.payload, as: UTF8.self).split(separator: ":").map(String.init)
            state.withLock {
                $0.running += 1
                $0.most = max($0.most, $0.running)
            }
            try await Task.sleep(for: .milliseconds(Int(parts[2])!))
            state.withLock {
                $0.running -= 1
                $0.done[parts[0], default: []].append(Int(parts[1])!)
                $0.finished.append("\(parts[0]):\(parts[1])")
            }
        }

        var most: Int { state.withLock { $0.most } }
        var done: [String: [Int]] { state.withLock { $0.done } }
        var finished: [String] { state.withLock { $0.finished } }
    }

    static func runner(_ recorder: Recorder, queue: SQLJobQueue) -> JobRunner {
        JobRunner(
            queue: queue, handlers: [recorder],
            policy: JobRetryPolicy(base: .seconds(10), maximum: .seconds(60), maximumAttempts: 4, lease: .seconds(60)),
            clock: SystemClock(), logger: TestLogging.logger("test"))
    }

    static func job(_ key: String, _ position: Int, milliseconds: Int) -> NewJob {
        NewJob(
            kind: "recorded", payload: Data("\(key):\(position):\(milliseconds)".utf8), runAt: Instant(milliseconds: 0),
            orderingKey: key, orderingPosition: Int64(position))
    }

    /// Waits until `count` jobs finished, giving up only once a minute passed without one more finishing:
    /// under the full suite on two cores every statement waits behind other tests' work in the shared
    /// thread pool, and thirty jobs may take minutes while still making progress.
    static func waitUntil(_ recorder: Recorder, finished count: Int) async throws {
        var seen = recorder.finished.count
        var deadline = ContinuousClock.now + .seconds(60)
        while recorder.finished.count < count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
            let now = recorder.finished.count
            if now > seen { (seen, deadline) = (now, ContinuousClock.now + .seconds(60)) }
        }
    }

    @Test func workersRunKeysSideBySideAndEachKeyInOrder() async throws {
        let connection = try await PerennialDatabase.open(url: "sqlite::memory:")
        _ = try await Migrations.migrate(connection)
        let queue = SQLJobQueue(database: connection)
        let keys = (0..<6).map { "k\($0)" }
        for position in 1...5 {
            for key in keys { try await queue.enqueue(Self.job(key, position, milliseconds: 5)) }
        }
        let recorder = Recorder()
        let running = Task { await Self.runner(recorder, queue: queue).run(interval: .milliseconds(20), workers: 4) }
        try await Self.waitUntil(recorder, finished: 30)
        // The last handler's return comes before the runner marks its job complete: stopping the runner in
        // between would (rightly) put that job back as interrupted.
        let deadline = ContinuousClock.now + .seconds(60)
        while try await !queue.jobs(limit: 10).isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        running.cancel()
        await running.value

        #expect(recorder.finished.count == 30)
        #expect(recorder.done == Dictionary(uniqueKeysWithValues: keys.map { ($0, [1, 2, 3, 4, 5]) }))
        #expect(recorder.most <= 4)
        #expect(recorder.most > 1, "jobs of different keys ran at the same time")
        #expect(try await queue.jobs(limit: 10).isEmpty)
        await connection.shutdown()
    }

    @Test func aSlowJobDoesNotHoldTheFreeWorkersBack() async throws {
        let connection = try await PerennialDatabase.open(url: "sqlite::memory:")
        _ = try await Migrations.migrate(connection)
        let queue = SQLJobQueue(database: connection)
        try await queue.enqueue(Self.job("slow", 1, milliseconds: 120_000))
        let recorder = Recorder()
        let running = Task { await Self.runner(recorder, queue: queue).run(interval: .milliseconds(20), workers: 4) }
        try await Task.sleep(for: .milliseconds(100))
        // Enqueued while the slow one runs and three workers are idle: they are found at the next look.
        for position in 1...3 { try await queue.enqueue(Self.job("fast", position, milliseconds: 1)) }
        try await Self.waitUntil(recorder, finished: 3)
        let finished = recorder.finished
        running.cancel()
        await running.value

        #expect(finished == ["fast:1", "fast:2", "fast:3"], "the slow job (two minutes) still runs")
        await connection.shutdown()
    }
}
