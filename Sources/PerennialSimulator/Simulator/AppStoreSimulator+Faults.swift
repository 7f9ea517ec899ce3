import PerennialCore

extension AppStoreSimulator {
    /// Makes verifyReceipt fail. The fault applies to `environment`'s endpoint (nil: both), for
    /// `seconds` of SIMULATED time (on the manual clock it lasts until the clock is advanced past it),
    /// for the next `requests` requests, whichever ends first; with neither, until removed. `scope` says
    /// whether verifyReceipt, the Server API or both fail.
    @discardableResult
    public func addFault(
        _ kind: SimulatorFaultKind, environment: StoreEnvironment? = nil, scope: SimulatorFaultScope = .verifyReceipt,
        seconds: Double? = nil, requests: Int? = nil
    ) throws -> SimulatorFault {
        let now = catchUp()
        try Self.check(kind)
        if let seconds, !(seconds.isFinite && seconds > 0 && seconds <= 3_155_760_000) {
            throw SimulatorError.invalidRequest("seconds must be a positive number of simulated seconds")
        }
        if let requests, requests < 1 { throw SimulatorError.invalidRequest("requests must be at least 1") }
        if let environment, environment == .xcode {
            throw SimulatorError.invalidRequest("environment must be sandbox or production")
        }
        return faultList.add(
            kind, environment: environment, scope: scope,
            activeUntil: seconds.map { now.adding(milliseconds: SimulatorClock.clamped($0 * 1000)) }, requests: requests
        )
    }

    /// The faults still in force.
    public func faults() -> [SimulatorFault] {
        faultList.current(at: clock.now())
    }

    /// Removes one fault.
    public func removeFault(id: Int) throws {
        guard faultList.remove(id: id) else {
            throw SimulatorError.notFound("unknown_fault", "no fault \(id)")
        }
    }

    /// Removes every fault and releases every request a timeout fault is holding.
    public func removeAllFaults() {
        faultList.removeAll()
        for id in holds.keys.sorted() { releaseHold(id) }
    }

    /// The fault that answers the next verifyReceipt request to this endpoint, counting the request against it.
    func takeFault(for endpoint: StoreEnvironment) -> SimulatorFaultKind? {
        takeFault { $0.scope != .serverAPI && ($0.environment == nil || $0.environment == endpoint) }
    }

    /// The fault that answers the next Server API request (to one environment's base URL, or to the shared
    /// root when nil), counting the request against it.
    func takeServerAPIFault(for environment: StoreEnvironment?) -> SimulatorFaultKind? {
        takeFault { fault in
            guard fault.scope != .verifyReceipt, fault.environment == nil || environment == nil || fault.environment == environment else {
                return false
            }
            if case .status = fault.kind { return false }
            return true
        }
    }

    private func takeFault(where applies: (SimulatorFault) -> Bool) -> SimulatorFaultKind? {
        faultList.take(at: clock.now(), where: applies)
    }

    private static func check(_ kind: SimulatorFaultKind) throws {
        switch kind {
        case .status(let status, _):
            guard status != 0, (1...99_999).contains(status) else {
                throw SimulatorError.invalidRequest("status must be a non-zero verifyReceipt status such as 21005")
            }
        case .httpStatus(let status, _):
            guard (400...599).contains(status) else {
                throw SimulatorError.invalidRequest("http_status must be 400...599")
            }
        case .timeout(let seconds):
            guard seconds.isFinite, seconds > 0, seconds <= 600 else {
                throw SimulatorError.invalidRequest("hold_seconds must be more than 0 and at most 600")
            }
        }
    }

    /// Holds the caller for `seconds` of real time. Released early by `removeAllFaults()` or when the
    /// calling task is cancelled, so a test never hangs on it.
    func hold(seconds: Double) async {
        let id = nextHoldID
        nextHoldID += 1
        let duration = Duration.milliseconds(SimulatorClock.clamped(seconds * 1000))
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if Task.isCancelled {
                    continuation.resume()
                    return
                }
                let timer = Task { [weak self] in
                    try? await Task.sleep(for: duration)
                    await self?.releaseHold(id)
                }
                holds[id] = HeldRequest(continuation: continuation, timer: timer)
            }
        } onCancel: {
            Task { await self.releaseHold(id) }
        }
    }

    /// The number of requests a timeout fault is holding now.
    public var heldRequestCount: Int { holds.count }

    func releaseHold(_ id: Int) {
        guard let held = holds.removeValue(forKey: id) else { return }
        held.timer.cancel()
        held.continuation.resume()
    }
}
