import Logging
import PerennialCore
import Tracing

/// Claims due jobs and runs them with their handlers: completes those that succeed, retries those that fail
/// for a passing reason with exponential backoff and jitter, and buries those that keep failing or that the
/// store refused. Several runners (in several processes on PostgreSQL) can share one queue: a claim leases
/// a job to one of them.
public struct JobRunner: Sendable {
    let queue: any JobQueue
    let handlers: [String: any JobHandler]
    let policy: JobRetryPolicy
    let clock: any Clock
    let logger: Logger
    /// Counts and times the jobs run, by kind and outcome.
    let telemetry: Telemetry

    public init(
        queue: any JobQueue, handlers: [any JobHandler], policy: JobRetryPolicy, clock: any Clock, logger: Logger,
        telemetry: Telemetry = .off
    ) {
        self.telemetry = telemetry
        self.queue = queue
        self.handlers = Dictionary(handlers.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        self.policy = policy
        self.clock = clock
        self.logger = logger
    }

    /// Runs at most one due job; returns whether there was one.
    @discardableResult
    public func runOnce() async throws -> Bool {
        guard let job = try await claim(limit: 1).first else { return false }
        try await execute(job)
        return true
    }

    private func claim(limit: Int) async throws -> [Job] {
        try await queue.claim(kinds: handlers.keys.sorted(), now: clock.now(), leaseMilliseconds: policy.lease.milliseconds, limit: limit)
    }

    /// Runs a claimed job with its handler, then completes, retries or buries it.
    private func execute(_ job: Job) async throws {
        guard let handler = handlers[job.kind] else { return }
        try await withSpan("job \(job.kind)", ofKind: .consumer) { span in
            span.attributes["perennial.job.kind"] = job.kind
            span.attributes["perennial.job.attempt"] = job.attempts
            let started = ContinuousClock.now
            let outcome = try await outcome(of: job, handler: handler)
            span.attributes["perennial.job.outcome"] = outcome
            telemetry.jobFinished(kind: job.kind, outcome: outcome, duration: ContinuousClock.now - started)
        }
    }

    /// Runs the job and records its end in the queue: `completed`, `buried`, `retried`, or
    /// `interrupted` by shutdown.
    private func outcome(of job: Job, handler: any JobHandler) async throws -> String {
        let now = clock.now()
        do {
            try await handler.run(job)
            try await queue.complete(jobID: job.id)
            return "completed"
        } catch where Task.isCancelled {
            // The runner is stopping (the server shuts down) mid-run: that is not the job's failure, whatever the
            // handler threw as it was interrupted. It goes back due now, its attempt given back, written from a task
            // of its own, which the cancellation does not reach; were the write lost anyway, its lease running out
            // would bring it back.
            logger.debug("job interrupted by shutdown", metadata: ["job": "\(job.id)", "kind": "\(job.kind)"])
            let queue = queue
            try? await Task { try await queue.release(jobID: job.id, runAt: now) }.value
            return "interrupted"
        } catch let error as PerennialError where !error.isTransient {
            logger.warning("job refused", metadata: [
                "job": "\(job.id)", "kind": "\(job.kind)", "attempt": "\(job.attempts)", "code": "\(error.code)",
            ])
            try await queue.bury(jobID: job.id, error: error.code)
            return "buried"
        } catch {
            let code = PerennialError.code(of: error)
            if job.attempts >= policy.maximumAttempts {
                logger.error("job buried after its last attempt", metadata: [
                    "job": "\(job.id)", "kind": "\(job.kind)", "attempt": "\(job.attempts)", "code": "\(code)",
                ])
                try await queue.bury(jobID: job.id, error: code)
                return "buried"
            } else {
                var generator = SystemRandomNumberGenerator()
                let delay = policy.delay(afterAttempt: job.attempts, using: &generator)
                let next = now.adding(milliseconds: delay)
                logger.warning("job failed, will retry", metadata: [
                    "job": "\(job.id)", "kind": "\(job.kind)", "attempt": "\(job.attempts)", "code": "\(code)",
                    "next_attempt_at": "\(next)",
                ])
                try await queue.retry(jobID: job.id, error: code, runAt: next)
                return "retried"
            }
        }
    }

    /// Runs due jobs until cancelled, at most `workers` at a time, looking again every `interval` while
    /// nothing is due or slots are free. Jobs are claimed in batches: all free slots at once, as soon as half
    /// of them are free (jobs sharing an ordering key still run one at a time, in order: the queue leases
    /// the next only once the one before it is done).
    public func run(interval: Duration = .seconds(1), workers: Int = 1) async {
        await ClaimingLoop.run(
            interval: interval, workers: workers, logger: logger, failure: "job runner failed",
            claim: { try await claim(limit: $0) }, execute: { await runLogged($0) })
    }

    /// Runs a claimed job; a failure to record its outcome is logged (its lease runs out and it is claimed
    /// again).
    private func runLogged(_ job: Job) async {
        do {
            try await execute(job)
        } catch {
            if !Task.isCancelled {
                logger.error("job runner failed", metadata: ["job": "\(job.id)", "kind": "\(job.kind)", "error": "\(error)"])
            }
        }
    }
}
