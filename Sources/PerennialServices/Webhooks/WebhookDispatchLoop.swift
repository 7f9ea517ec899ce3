import Logging
import PerennialCore

/// The webhook dispatcher's loop: up to `settings.workers` attempts at once, fed from deliveries claimed
/// ahead of them, with one claim and the outcomes' writes under way beside the attempts.
///
/// On SQLite every claim's lease and every batch of outcomes waits for the single writer, which a load of
/// notifications keeps busy: a loop that claimed only as many as it had idle workers, and held a worker until
/// its outcome was written, sent a few dozen deliveries a second under such a load and let the rest wait for
/// a quiet moment. Here a worker is free once its attempt has an answer (the lease keeps the customer's next
/// delivery back until the outcome is written), and a claim takes what the workers can start while its
/// leases last: many per worker when attempts are quick, one per worker when an endpoint is slow. A claimed
/// delivery that could not start in time (its lease would run out mid-attempt) is given back, never sent
/// late; one claimed when a shutdown comes is given back too.
struct WebhookDispatchLoop: Sendable {
    let dispatcher: WebhookDispatcher

    /// The most deliveries claimed ahead, per worker.
    static let mostAheadPerWorker = 128
    /// A claimed delivery starts only while its lease covers a whole attempt and this much more.
    static let startMargin = Duration.seconds(5)

    private enum Event: Sendable {
        /// A claim's deliveries, and how many it asked for; nil when it failed (logged).
        case claimed([WebhookDispatcher.Claimed]?, asked: Int)
        /// An attempt's result and how long it took; nil when it failed (logged, its lease left to run out).
        case attempted(WebhookAttemptResult?, seconds: Double)
        /// An outcome written, or leases given back.
        case written
        case tick
    }

    func run() async {
        let settings = dispatcher.settings
        let workers = max(1, settings.workers)
        var waiting: [WebhookDispatcher.Claimed] = []
        var attempting = 0
        var claiming = false
        var mayClaim = true
        var ticking = false
        var averageAttemptSeconds = 0.1
        await withTaskGroup(of: Event.self) { group in
            while !Task.isCancelled {
                var late: [Int64] = []
                while attempting < workers, !waiting.isEmpty {
                    let next = waiting.removeFirst()
                    guard Self.mayStart(next, at: dispatcher.clock.now(), timeout: settings.timeout) else {
                        late.append(next.delivery.id)
                        continue
                    }
                    attempting += 1
                    group.addTask { await attempt(next) }
                }
                if !late.isEmpty {
                    group.addTask { [late] in
                        await dispatcher.release(late)
                        return .written
                    }
                }
                let room = Self.ahead(workers: workers, averageAttemptSeconds: averageAttemptSeconds) - waiting.count - attempting
                if mayClaim, !claiming, room > 0, waiting.count < workers {
                    claiming = true
                    group.addTask { await claim(limit: room) }
                }
                if !mayClaim, !ticking {
                    ticking = true
                    group.addTask {
                        try? await Task.sleep(for: settings.pollInterval)
                        return .tick
                    }
                }
                guard let event = await group.next() else { continue }
                switch event {
                case .claimed(let claimed, let asked):
                    claiming = false
                    waiting += claimed ?? []
                    // Fewer than asked: nothing more is free now; look again after a pause, or once an outcome
                    // is written (a customer's next delivery may be free then).
                    mayClaim = (claimed?.count ?? 0) == asked
                case .attempted(let result, let seconds):
                    attempting -= 1
                    averageAttemptSeconds = 0.8 * averageAttemptSeconds + 0.2 * seconds
                    if let result { group.addTask { await record(result) } }
                case .written:
                    mayClaim = true
                case .tick:
                    ticking = false
                    mayClaim = true
                }
            }
            // Shutting down: what was claimed and not begun goes back; what was attempted is recorded.
            group.cancelAll()
            var unattempted = waiting.map(\.delivery.id)
            while let event = await group.next() {
                switch event {
                case .claimed(let claimed, _): unattempted += (claimed ?? []).map(\.delivery.id)
                case .attempted(let result, _): if let result { _ = await record(result) }
                case .written, .tick: break
                }
            }
            await dispatcher.release(unattempted)
        }
    }

    /// How many deliveries may be claimed and not yet finished: as many as the workers can start, one after
    /// another at the average attempt's pace, before a lease taken now runs out; at least one per worker.
    static func ahead(workers: Int, averageAttemptSeconds: Double) -> Int {
        let window = WebhookDispatcher.leaseMargin - startMargin
        let perWorker = Double(window.milliseconds) / 1000 / max(averageAttemptSeconds, 0.001)
        return workers * Int(min(max(perWorker, 1), Double(mostAheadPerWorker)))
    }

    /// Whether a claimed delivery may still start: its lease outlasts a whole attempt and the margin.
    static func mayStart(_ claimed: WebhookDispatcher.Claimed, at now: Instant, timeout: Duration) -> Bool {
        now.adding(milliseconds: (timeout + startMargin).milliseconds) <= claimed.leasedUntil
    }

    /// One claim, in a task of its own so that a shutdown does not interrupt it: its leases are known, and
    /// given back.
    private func claim(limit: Int) async -> Event {
        let dispatcher = dispatcher
        do {
            return .claimed(try await Task { try await dispatcher.claim(limit: limit) }.value, asked: limit)
        } catch {
            // A shutdown cancels the database calls mid-flight: that is not a failure.
            if !Task.isCancelled { log("webhook dispatcher failed", error) }
            return .claimed(nil, asked: limit)
        }
    }

    /// One attempt. A failure is logged and the lease left to run out, so the delivery is tried again then;
    /// a shutdown's interruption gives the lease back at once.
    private func attempt(_ claimed: WebhookDispatcher.Claimed) async -> Event {
        let started = ContinuousClock.now
        do {
            let result = try await dispatcher.sender.attempt(claimed.delivery, to: claimed.endpoint)
            return .attempted(result, seconds: Double((ContinuousClock.now - started).milliseconds) / 1000)
        } catch {
            if Task.isCancelled {
                await dispatcher.release([claimed.delivery.id])
            } else {
                log("webhook delivery failed", error, claimed.delivery)
            }
            return .attempted(nil, seconds: Double((ContinuousClock.now - started).milliseconds) / 1000)
        }
    }

    /// Writes an outcome, in a task of its own so that a shutdown does not interrupt it (the attempt was made).
    private func record(_ result: WebhookAttemptResult) async -> Event {
        let sender = dispatcher.sender
        do {
            try await Task { try await sender.record(result) }.value
        } catch {
            log("webhook delivery failed", error, result.delivery)
        }
        return .written
    }

    private func log(_ message: Logger.Message, _ error: any Error, _ delivery: WebhookDeliveryRecord? = nil) {
        var metadata: Logger.Metadata = ["error": "\(PerennialError.code(of: error))"]
        if let delivery {
            metadata["app"] = "\(delivery.delivery.appID)"
            metadata["endpoint"] = "\(delivery.delivery.endpointID)"
            metadata["delivery"] = "\(delivery.id)"
        }
        dispatcher.logger.error(message, metadata: metadata)
    }
}
