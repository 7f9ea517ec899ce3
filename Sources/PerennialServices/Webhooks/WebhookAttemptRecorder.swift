/// Records the outcomes of attempts that end about together in one write: while a write is under way,
/// the outcomes that arrive wait for the next, which takes them all. Under load the dispatcher's workers
/// thus cost the database one statement for many deliveries rather than a transaction each; alone, an
/// outcome is written at once. Each caller returns once its outcome is stored (or with the write's error).
actor WebhookAttemptRecorder {
    private struct Queued {
        var deliveryID: Int64
        var attempt: WebhookAttempt
        var continuation: CheckedContinuation<Void, any Error>
    }

    private let ledger: any Ledger
    private var queued: [Queued] = []
    private var writing = false

    init(ledger: any Ledger) {
        self.ledger = ledger
    }

    /// Stores the outcome with those that arrive while the write before it runs.
    func record(deliveryID: Int64, _ attempt: WebhookAttempt) async throws {
        try await withCheckedThrowingContinuation { continuation in
            queued.append(Queued(deliveryID: deliveryID, attempt: attempt, continuation: continuation))
            guard !writing else { return }
            writing = true
            Task { await self.write() }
        }
    }

    private func write() async {
        while !queued.isEmpty {
            // A delivery appears once per statement: a repeat (two attempts at one delivery ending together,
            // after a lease ran out) waits for the next write.
            var batch: [Queued] = []
            var later: [Queued] = []
            var ids = Set<Int64>()
            for item in queued {
                if ids.insert(item.deliveryID).inserted { batch.append(item) } else { later.append(item) }
            }
            queued = later
            let outcomes = batch.map { (deliveryID: $0.deliveryID, attempt: $0.attempt) }
            do {
                try await ledger.groupedWrite { try await $0.recordWebhookAttempts(outcomes) }
                for item in batch { item.continuation.resume() }
            } catch {
                for item in batch { item.continuation.resume(throwing: error) }
            }
        }
        writing = false
    }
}
