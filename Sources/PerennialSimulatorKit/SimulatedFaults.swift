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

    /// The control API's `faults` route: `GET` lists them, `POST` adds one (`{"kind", "count", "status",
    /// "path_prefix"}`), `DELETE` clears them; `refusal` writes the answer to a fault that cannot be read, in
    /// the store's own error shape.
    public mutating func answer(_ request: SimulatedRequest, refusal: (String) -> SimulatedResponse) -> SimulatedResponse {
        switch request.method {
        case "GET":
            return .json(200, ["faults": json])
        case "DELETE":
            removeAll()
            return .noContent
        case "POST":
            switch SimulatedFault.read(request.jsonObject ?? [:]) {
            case .success(let fault):
                add(fault)
                return .json(201, fault.json)
            case .failure(let error):
                return refusal(error.message)
            }
        default:
            return refusal("faults are listed (GET), added (POST) or cleared (DELETE)")
        }
    }
}
