import Logging
import PerennialCore

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

    public init(queue: any JobQueue, handlers: [any JobHandler], policy: JobRetryPolicy, clock: any Clock, logger: Logger) {
        self.queue = queue
        self.handlers = Dictionary(handlers.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        self.policy = policy
        self.clock = clock
        self.logger = logger
    }

    /// Runs at most one due job; returns whether there was one.
    @discardableResult
    public func runOnce() async throws -> Bool {
        let now = clock.now()
        guard let job = try await queue.claim(
            kinds: handlers.keys.sorted(), now: now, leaseMilliseconds: policy.lease.milliseconds
        ), let handler = handlers[job.kind] else { return false }
        do {
            try await handler.run(job)
            if !handler.completesItself { try await queue.complete(jobID: job.id) }
        } catch let deferral as JobDeferral {
            try await queue.retry(jobID: job.id, error: deferral.code, runAt: deferral.runAt)
        } catch let error as PerennialError where !error.isTransient {
            logger.warning("job refused", metadata: [
                "job": "\(job.id)", "kind": "\(job.kind)", "attempt": "\(job.attempts)", "code": "\(error.code)",
            ])
            try await queue.bury(jobID: job.id, error: error.code)
        } catch {
            let code = (error as? PerennialError)?.code ?? "internal"
            if job.attempts >= policy.maximumAttempts {
                logger.error("job buried after its last attempt", metadata: [
                    "job": "\(job.id)", "kind": "\(job.kind)", "attempt": "\(job.attempts)", "code": "\(code)",
                ])
                try await queue.bury(jobID: job.id, error: code)
            } else {
                var generator = SystemRandomNumberGenerator()
                let delay = policy.delay(afterAttempt: job.attempts, using: &generator)
                let next = now.adding(milliseconds: delay)
                logger.warning("job failed, will retry", metadata: [
                    "job": "\(job.id)", "kind": "\(job.kind)", "attempt": "\(job.attempts)", "code": "\(code)",
                    "next_attempt_at": "\(next)",
                ])
                try await queue.retry(jobID: job.id, error: code, runAt: next)
            }
        }
        return true
    }

    /// Runs every due job, then waits `interval`, until cancelled; with `workers` above 1, that many loops
    /// claim and run jobs side by side (jobs sharing an ordering key still run one at a time, in order: the
    /// queue leases the next only once the one before it is done).
    public func run(interval: Duration = .seconds(1), workers: Int = 1) async {
        guard workers > 1 else { return await work(interval: interval) }
        await withDiscardingTaskGroup { group in
            for _ in 0..<workers {
                group.addTask { await work(interval: interval) }
            }
        }
    }

    private func work(interval: Duration) async {
        while !Task.isCancelled {
            do {
                while !Task.isCancelled, try await runOnce() {}
            } catch is CancellationError {
                return
            } catch {
                // A shutdown cancels the queue's database calls mid-flight: that is not a failure.
                if Task.isCancelled { return }
                logger.error("job runner failed", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: interval)
        }
    }
}
