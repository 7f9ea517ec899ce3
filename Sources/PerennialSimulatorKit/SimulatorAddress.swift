/// Where a simulator's callers reach it, for the links and URLs it writes (approval pages, certificate
/// URLs): the address it was given, or else the `Host` of the last request (loopback until one arrives).
public struct SimulatorAddress: Sendable {
    public private(set) var url: String
    let isFixed: Bool

    /// `fixed`: always this address (without a trailing slash); nil: learnt from requests.
    public init(fixed: String?) {
        url = fixed.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? "http://127.0.0.1"
        isFixed = fixed != nil
    }

    /// Takes the address from the request's `Host`, when it is not fixed and the host is a plain name.
    public mutating func learn(from request: SimulatedRequest) {
        guard !isFixed, let host = request.headers["host"], host.utf8.count <= 255,
              host.allSatisfy({ $0.isLetter || $0.isNumber || ".-:[]".contains($0) }) else { return }
        url = "http://\(host)"
    }
}
