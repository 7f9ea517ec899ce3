extension StripeSimulator {
    /// Makes the API fail with `kind` for `seconds` of SIMULATED time (the simulator clock), for the next
    /// `requests` requests, whichever ends first (neither: until removed). `shouldRetry` sets the
    /// `Stripe-Should-Retry` header Stripe's libraries obey.
    @discardableResult
    public func addFault(_ kind: StripeSimulatedFaultKind, seconds: Double? = nil, requests: Int? = nil, shouldRetry: Bool? = nil) throws -> StripeSimulatedFault {
        if case .timeout(let hold) = kind, !(hold.isFinite && hold > 0 && hold <= 600) {
            throw StripeSimulatedAPIError.invalid("hold_seconds must be more than 0 and at most 600")
        }
        if let seconds, !(seconds.isFinite && seconds > 0 && seconds <= 3_155_760_000) {
            throw StripeSimulatedAPIError.invalid("seconds must be a positive number of simulated seconds")
        }
        if let requests, requests < 1 { throw StripeSimulatedAPIError.invalid("requests must be at least 1") }
        let until = seconds.map { simulatorNow + Int64($0.rounded(.up)) }
        return faultList.add(kind, shouldRetry: shouldRetry, activeUntil: until, requests: requests)
    }

    /// The faults still in force.
    public func faults() -> [StripeSimulatedFault] {
        faultList.current(at: simulatorNow)
    }

    /// Removes every fault and lets go of the requests a timeout fault holds.
    public func removeAllFaults() {
        faultList.removeAll()
        faultGeneration += 1
    }

    /// Holds the caller for `seconds` of real time, or until the faults are cleared or its task cancelled.
    func hold(seconds: Double) async {
        let generation = faultGeneration
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while ContinuousClock.now < deadline, faultGeneration == generation, !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
