/// The faults in force, each until its window ends or its requests run out.
struct StripeSimulatedFaultList: Sendable {
    private(set) var faults: [StripeSimulatedFault] = []
    private var nextID = 1

    mutating func add(_ kind: StripeSimulatedFaultKind, shouldRetry: Bool?, activeUntil: Int64?, requests: Int?) -> StripeSimulatedFault {
        let fault = StripeSimulatedFault(id: nextID, kind: kind, shouldRetry: shouldRetry, activeUntil: activeUntil, remainingRequests: requests)
        nextID += 1
        faults.append(fault)
        return fault
    }

    mutating func current(at now: Int64) -> [StripeSimulatedFault] {
        prune(at: now)
        return faults
    }

    mutating func removeAll() {
        faults.removeAll()
    }

    /// The first fault in force, counting this request against it.
    mutating func take(at now: Int64) -> StripeSimulatedFault? {
        prune(at: now)
        guard let fault = faults.first else { return nil }
        if let remaining = fault.remainingRequests {
            if remaining <= 1 { faults.removeFirst() } else { faults[0].remainingRequests = remaining - 1 }
        }
        return fault
    }

    private mutating func prune(at now: Int64) {
        faults.removeAll { fault in
            fault.activeUntil.map { $0 <= now } == true || fault.remainingRequests.map { $0 <= 0 } == true
        }
    }
}
