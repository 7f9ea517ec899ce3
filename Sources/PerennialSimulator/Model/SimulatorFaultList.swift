import PerennialCore

/// The faults a simulated store has in force, each until its simulated window ends or its requests run out.
struct SimulatorFaultList: Sendable {
    private(set) var faults: [SimulatorFault] = []
    private var nextID = 1

    /// Adds a fault lasting until `activeUntil` and for `requests` requests (nil: no such limit).
    mutating func add(
        _ kind: SimulatorFaultKind, environment: StoreEnvironment? = nil, scope: SimulatorFaultScope, activeUntil: Instant?, requests: Int?
    ) -> SimulatorFault {
        let fault = SimulatorFault(
            id: nextID, kind: kind, environment: environment, scope: scope, activeUntil: activeUntil, remainingRequests: requests
        )
        nextID += 1
        faults.append(fault)
        return fault
    }

    /// The faults still in force at `now`.
    mutating func current(at now: Instant) -> [SimulatorFault] {
        prune(at: now)
        return faults
    }

    /// Removes one fault; false when there is none with that id.
    mutating func remove(id: Int) -> Bool {
        guard faults.contains(where: { $0.id == id }) else { return false }
        faults.removeAll { $0.id == id }
        return true
    }

    mutating func removeAll() {
        faults.removeAll()
    }

    /// The first fault in force at `now` that applies, counting the request against it.
    mutating func take(at now: Instant, where applies: (SimulatorFault) -> Bool = { _ in true }) -> SimulatorFaultKind? {
        prune(at: now)
        guard let index = faults.firstIndex(where: applies) else { return nil }
        let fault = faults[index]
        if let remaining = fault.remainingRequests {
            if remaining <= 1 {
                faults.remove(at: index)
            } else {
                faults[index].remainingRequests = remaining - 1
            }
        }
        return fault.kind
    }

    private mutating func prune(at now: Instant) {
        faults.removeAll { fault in
            fault.activeUntil.map { $0 <= now } == true || fault.remainingRequests.map { $0 <= 0 } == true
        }
    }
}
