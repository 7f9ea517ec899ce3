import Foundation
import PerennialAdyenSimulator
import PerennialSimulatorKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Adyen's `/payments` as the crash test serves it: the simulator answers, and the gate, when armed, kills
/// `perennial serve` at one step of the renewal in flight — before Adyen charges (the request is on its
/// way), after it charged but before the answer leaves, or a moment after the answer left (while Perennial
/// records it). It notes every charge Adyen made: one per idempotency key it had not seen.
actor AdyenCrashGate {
    /// Where in a renewal the server dies.
    enum Step: Sendable, CustomStringConvertible {
        case beforeCharge, afterCharge
        case afterAnswer(milliseconds: Int)

        var description: String {
            switch self {
            case .beforeCharge: "before Adyen charged"
            case .afterCharge: "after Adyen charged, before it answered"
            case .afterAnswer(let milliseconds): "\(milliseconds) ms after Adyen answered"
            }
        }
    }

    /// One charge: the attempt's merchant reference and Adyen's result.
    struct Charge: Sendable, Hashable {
        var reference: String
        var resultCode: String
    }

    let simulator: AdyenSimulator
    private var armed: (step: Step, pid: Int32)?
    private(set) var kills = 0
    private(set) var charges: [Charge] = []
    private var keys: Set<String> = []

    init(simulator: AdyenSimulator) {
        self.simulator = simulator
    }

    /// The next payment request kills process `pid` at `step`.
    func arm(_ step: Step, pid: Int32) {
        armed = (step, pid)
    }

    func disarm() {
        armed = nil
    }

    func handle(_ request: SimulatedRequest) async -> SimulatedResponse {
        guard request.method == "POST", request.path.hasSuffix("/payments") else { return await simulator.handle(request) }
        let trap = armed
        armed = nil
        if let trap, case .beforeCharge = trap.step { fire(trap.pid) }
        let key = request.headers["idempotency-key"] ?? UUID().uuidString
        let isNew = !keys.contains(key)
        let response = await simulator.handle(request)
        if isNew, response.status == 200, let reference = request.jsonObject?["reference"] as? String {
            keys.insert(key)
            let result = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
            charges.append(Charge(reference: reference, resultCode: result?["resultCode"] as? String ?? "?"))
        }
        switch trap?.step {
        case .afterCharge?: fire(trap?.pid)
        case .afterAnswer(let milliseconds)?:
            let pid = trap?.pid
            Task {
                try? await Task.sleep(for: .milliseconds(milliseconds))
                self.fire(pid)
            }
        default: break
        }
        return response
    }

    private func fire(_ pid: Int32?) {
        guard let pid else { return }
        kills += 1
        _ = kill(pid, SIGKILL)
    }
}
