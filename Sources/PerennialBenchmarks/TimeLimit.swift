import Synchronization

/// Runs teardown steps (a server's stop, a database's shutdown) for at most a time limit: a step that never
/// returns, as one did after `ledger-replay-postgresql` on 2026-11-26 (the process idle for 15 minutes with
/// nothing open), is named and left behind, and the benchmarks go on; the process exits when they are done.
enum TimeLimit {
    /// Runs `step`; returns whether it finished within `limit`. An unfinished step keeps running, detached.
    @discardableResult
    static func run(
        _ name: String, within limit: Duration = .seconds(60), progress: @Sendable (String) -> Void,
        _ step: @escaping @Sendable () async -> Void
    ) async -> Bool {
        let finished = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let answered = Answered()
            let answer: @Sendable (Bool) -> Void = { finished in
                if answered.first() { continuation.resume(returning: finished) }
            }
            Task {
                await step()
                answer(true)
            }
            Task {
                try? await Task.sleep(for: limit)
                answer(false)
            }
        }
        if !finished { progress("\(name) did not finish within \(limit); going on without waiting for it") }
        return finished
    }

    /// Whichever of the step and the timer ends first answers; the other does not.
    private final class Answered: Sendable {
        private let answered = Atomic<Bool>(false)

        func first() -> Bool { !answered.exchange(true, ordering: .acquiringAndReleasing) }
    }
}
