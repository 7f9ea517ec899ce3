import Foundation
import PerennialSimulator
import Synchronization

/// A sender whose posts wait until the test opens the gate.
final class GateSender: SimulatorNotificationSender {
    private let state = Mutex<(open: Bool, called: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, false, []))

    func post(url: String, body: Data) async -> Int? {
        await withCheckedContinuation { continuation in
            let resume = state.withLock { state -> Bool in
                state.called = true
                if state.open { return true }
                state.waiting.append(continuation)
                return false
            }
            if resume { continuation.resume() }
        }
        return 200
    }

    func waitUntilCalled() async {
        while !state.withLock({ $0.called }) { try? await Task.sleep(for: .milliseconds(5)) }
    }

    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        waiting.forEach { $0.resume() }
    }
}
