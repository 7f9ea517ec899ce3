import Foundation
import PerennialCore

extension PlaySimulator {
    /// Makes Google fail: the Developer API and the OAuth token endpoint answer `kind` (an HTTP status, 429
    /// or 5xx in Google's JSON error shape, or an HTML page when `body` is `html`; or a hold of real seconds)
    /// for `seconds` of SIMULATED time, for the next `requests` requests, whichever ends first; with neither,
    /// until removed. verifyReceipt's `status` faults do not apply to Google.
    @discardableResult
    public func addFault(_ kind: SimulatorFaultKind, seconds: Double? = nil, requests: Int? = nil) throws -> SimulatorFault {
        switch kind {
        case .status:
            throw PlaySimulatorError.invalid("Google has no verifyReceipt status: use kind http or timeout")
        case .httpStatus(let status, _):
            guard (400...599).contains(status) else { throw PlaySimulatorError.invalid("http_status must be 400...599") }
        case .timeout(let hold):
            guard hold.isFinite, hold > 0, hold <= 600 else {
                throw PlaySimulatorError.invalid("hold_seconds must be more than 0 and at most 600")
            }
        }
        if let seconds, !(seconds.isFinite && seconds > 0 && seconds <= 3_155_760_000) {
            throw PlaySimulatorError.invalid("seconds must be a positive number of simulated seconds")
        }
        if let requests, requests < 1 { throw PlaySimulatorError.invalid("requests must be at least 1") }
        return faultList.add(
            kind, scope: .all, activeUntil: seconds.map { clock.now().adding(milliseconds: SimulatorClock.clamped($0 * 1000)) },
            requests: requests
        )
    }

    /// The faults still in force.
    public func faults() -> [SimulatorFault] {
        faultList.current(at: clock.now())
    }

    /// Removes every fault and lets go of the requests a timeout fault holds.
    public func removeAllFaults() {
        faultList.removeAll()
        faultGeneration += 1
    }

    /// The fault that answers the next request, counting the request against it.
    func takeFault() -> SimulatorFaultKind? {
        faultList.take(at: clock.now())
    }

    /// Holds the caller for `seconds` of real time, or until the faults are cleared or its task cancelled.
    func hold(seconds: Double) async {
        let generation = faultGeneration
        let deadline = ContinuousClock.now + .milliseconds(SimulatorClock.clamped(seconds * 1000))
        while ContinuousClock.now < deadline, faultGeneration == generation, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
