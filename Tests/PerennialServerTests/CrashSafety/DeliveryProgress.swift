import Synchronization

/// What the workers of one delivery round share: the next notification to send, what was acknowledged, and
/// whether the crash was triggered, and whether sending stopped (once the server was killed).
final class DeliveryProgress: Sendable {
    private struct State {
        var next = 0
        var acknowledged: [String] = []
        var queued = 0
        var repeats = 0
        var refusals: [Int: Int] = [:]
        var unanswered: [String: Int] = [:]
        var triggered = false
        var stopped = false
    }

    private let state = Mutex(State())
    private let count: Int
    private let crashAfter: Int?

    init(count: Int, crashAfter: Int?) {
        self.count = count
        self.crashAfter = crashAfter
    }

    /// The index of the next notification to send; nil when all were taken or sending stopped.
    func take() -> Int? {
        state.withLock { state in
            guard !state.stopped, state.next < count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    /// Records a 200; true exactly once, for the acknowledgement that reaches `crashAfter`.
    func acknowledge(_ uuid: String, queued: Bool, repeated: Bool) -> Bool {
        state.withLock { state in
            state.acknowledged.append(uuid)
            if queued { state.queued += 1 }
            if repeated { state.repeats += 1 }
            guard let crashAfter, !state.triggered, state.acknowledged.count >= crashAfter else { return false }
            state.triggered = true
            return true
        }
    }

    /// Sends nothing more (the server is dead).
    func stopSending() {
        state.withLock { $0.stopped = true }
    }

    /// Records an answer other than 200, or why none came.
    func refuse(_ answer: LoopbackClient.Answer) {
        state.withLock { state in
            if let status = answer.status {
                state.refusals[status, default: 0] += 1
            } else {
                state.unanswered[String(answer.body.prefix(80)), default: 0] += 1
            }
        }
    }

    var report: DeliveryReport {
        state.withLock { state in
            DeliveryReport(
                acknowledged: state.acknowledged, queued: state.queued, repeats: state.repeats, refusals: state.refusals,
                unanswered: state.unanswered, crashed: state.stopped
            )
        }
    }
}
