import Logging

/// The job runner's loop: keeps up to `workers` pieces of claimed work running until cancelled, claiming
/// all free slots at once as soon as half of them are free, and looking again every `interval` while slots
/// stay free (even while the running work takes long). The webhook dispatcher claims ahead of its workers
/// instead (`WebhookDispatchLoop`).
enum ClaimingLoop {
    static func run<Work: Sendable>(
        interval: Duration, workers: Int, logger: Logger, failure: String,
        claim: @escaping @Sendable (Int) async throws -> [Work], execute: @escaping @Sendable (Work) async -> Void
    ) async {
        let workers = max(1, workers)
        let refill = max(1, workers / 2)
        await withTaskGroup(of: Bool.self) { group in
            var running = 0
            var ticking = false
            var shouldClaim = true
            while !Task.isCancelled {
                var claimed: [Work] = []
                if shouldClaim, running < workers {
                    do {
                        claimed = try await claim(workers - running)
                    } catch {
                        // A shutdown cancels the database calls mid-flight: that is not a failure.
                        if Task.isCancelled { break }
                        logger.error("\(failure)", metadata: ["error": "\(error)"])
                    }
                }
                for work in claimed {
                    running += 1
                    group.addTask {
                        await execute(work)
                        return true
                    }
                }
                if running < workers, !ticking {
                    ticking = true
                    group.addTask {
                        try? await Task.sleep(for: interval)
                        return false
                    }
                }
                // Work ended (true) or the interval passed (false).
                guard let workEnded = await group.next() else { continue }
                if workEnded {
                    running -= 1
                    shouldClaim = workers - running >= refill
                } else {
                    ticking = false
                    shouldClaim = true
                }
            }
            group.cancelAll()
        }
    }
}
