/// Group commit: writes submitted concurrently run in one shared transaction, each in a savepoint of its
/// own, and every caller is answered only once that transaction committed. A write that fails rolls back
/// its savepoint alone and gets its own error. When the shared transaction itself fails (a deadlock
/// between two batches on PostgreSQL, a busy SQLite file), each of its writes runs again in a transaction
/// of its own, so one batch's trouble is never another caller's error. Up to `lanes` batches commit at
/// once (SQLite: one, its single writer); while they do, the next batch gathers.
actor WriteGroup {
    typealias Work = @Sendable (DatabaseSession) async throws -> any Sendable

    private struct Waiting {
        var work: Work
        var continuation: CheckedContinuation<any Sendable, any Error>
    }

    nonisolated let settings: GroupCommitSettings
    let lanes: Int
    private var waiting: [Waiting] = []
    private var activeLanes = 0

    /// Writes submitted and not yet taken into a batch.
    var depth: Int { waiting.count }

    init(settings: GroupCommitSettings, lanes: Int) {
        self.settings = settings
        self.lanes = max(1, lanes)
    }

    /// Runs `work` in the next batch of `database` and returns its result once the batch committed.
    func submit(_ work: @escaping Work, on database: PerennialDatabase) async throws -> any Sendable {
        try await withCheckedThrowingContinuation { continuation in
            waiting.append(Waiting(work: work, continuation: continuation))
            guard activeLanes < lanes else { return }
            activeLanes += 1
            Task { await self.drain(database) }
        }
    }

    /// One lane: gathers a batch (up to `maxBatch`, waiting at most `maxWait` for it to fill), commits it,
    /// and goes on while writes wait.
    private func drain(_ database: PerennialDatabase) async {
        while !waiting.isEmpty {
            if (waiting.count < settings.maxBatch) && (settings.maxWait > .zero) {
                try? await Task.sleep(for: settings.maxWait)
            }
            guard !waiting.isEmpty else { break }
            let batch = Array(waiting.prefix(settings.maxBatch))
            waiting.removeFirst(batch.count)
            await run(batch, on: database)
        }
        activeLanes -= 1
    }

    private func run(_ batch: [Waiting], on database: PerennialDatabase) async {
        let works = batch.map(\.work)
        let shared: [Result<any Sendable, any Error>]?
        if works.count == 1 {
            shared = nil
        } else {
            shared = try? await database.atomically(.write) { session in
                var results: [Result<any Sendable, any Error>] = []
                for work in works {
                    do {
                        results.append(.success(try await session.atomically(.write) { try await work($0) }))
                    } catch {
                        results.append(.failure(error))
                    }
                }
                return results
            }
        }
        if let shared {
            for (waiter, result) in zip(batch, shared) { waiter.continuation.resume(with: result) }
            return
        }
        // Alone, or the shared transaction failed: each write in a transaction of its own.
        for waiter in batch {
            do {
                waiter.continuation.resume(returning: try await database.atomically(.write) { try await waiter.work($0) })
            } catch {
                waiter.continuation.resume(throwing: error)
            }
        }
    }
}
