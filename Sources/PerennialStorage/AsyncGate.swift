/// A first-in, first-out asynchronous semaphore: `permits` holders at a time (one, by default: a mutex),
/// waiters served in arrival order.
///
/// Waiting is cancellable: a cancelled waiter leaves the queue and throws `CancellationError`.
actor AsyncGate {
    /// Permits not held.
    private var available: Int
    private var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextWaiterID: UInt64 = 0

    /// A gate that lets `permits` holders through at a time.
    init(permits: Int = 1) {
        available = max(permits, 1)
    }

    /// Waits until a permit is free and takes it.
    func acquire() async throws {
        try Task.checkCancellation()
        guard available == 0 else {
            available -= 1
            return
        }
        let id = nextWaiterID
        nextWaiterID += 1
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters.append((id, continuation))
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    /// Hands the permit to the next waiter, or frees it.
    func release() {
        if waiters.isEmpty {
            available += 1
        } else {
            waiters.removeFirst().continuation.resume()
        }
    }

    private func cancelWaiter(_ id: UInt64) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    /// Runs `body` while holding a permit.
    nonisolated func withGate<Result: Sendable>(_ body: @Sendable () async throws -> Result) async throws -> Result {
        try await acquire()
        do {
            let result = try await body()
            await release()
            return result
        } catch {
            await release()
            throw error
        }
    }
}
