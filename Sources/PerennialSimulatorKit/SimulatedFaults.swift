/// The faults a simulator still has to make, each used up as it happens.
public struct SimulatedFaults: Sendable {
    public private(set) var list: [SimulatedFault] = []

    public init() {}

    public mutating func add(_ fault: SimulatedFault) {
        list.append(fault)
    }

    public mutating func removeAll() {
        list.removeAll()
    }

    /// Uses up one of the faults of `kind` (an API error's only on paths under its prefix).
    public mutating func take(_ kind: SimulatedFault.Kind, path: String = "") -> SimulatedFault? {
        guard let index = list.firstIndex(where: { $0.kind == kind && (kind != .apiError || path.hasPrefix($0.pathPrefix)) }) else { return nil }
        let fault = list[index]
        list[index].remaining -= 1
        if list[index].remaining <= 0 { list.remove(at: index) }
        return fault
    }

    public var json: [[String: Any]] { list.map(\.json) }
}
