import PerennialCore

/// A fault the simulator injects into verifyReceipt answers, until it runs out.
///
/// A fault lasts for a window of SIMULATED time (`activeUntil`, on the simulator clock: with the manual
/// clock it ends only when the clock is advanced), for a number of requests (`remainingRequests`), for
/// whichever ends first, or until removed. It applies to one environment's endpoint, or to both.
public struct SimulatorFault: Sendable, Hashable, Codable {
    public var id: Int
    public var kind: SimulatorFaultKind
    /// The endpoint it applies to (`/sandbox/…` or `/production/…`); nil: both.
    public var environment: StoreEnvironment?
    /// The services it applies to.
    public var scope: SimulatorFaultScope
    /// The simulated instant it stops at; nil: no time limit.
    public var activeUntil: Instant?
    /// How many more requests it answers; nil: no count limit.
    public var remainingRequests: Int?

    public init(
        id: Int, kind: SimulatorFaultKind, environment: StoreEnvironment? = nil, scope: SimulatorFaultScope = .verifyReceipt,
        activeUntil: Instant? = nil, remainingRequests: Int? = nil
    ) {
        self.id = id
        self.kind = kind
        self.environment = environment
        self.scope = scope
        self.activeUntil = activeUntil
        self.remainingRequests = remainingRequests
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, status, body, environment, scope
        case isRetryable = "is_retryable"
        case httpStatus = "http_status"
        case holdSeconds = "hold_seconds"
        case activeUntil = "active_until_ms"
        case remainingRequests = "remaining_requests"
    }

    /// Flat JSON: `{"id", "kind": "status"|"http"|"timeout", "status", "is_retryable", "http_status",
    /// "body", "hold_seconds", "environment", "scope", "active_until_ms", "remaining_requests"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        switch kind {
        case .status(let status, let isRetryable):
            try container.encode("status", forKey: .kind)
            try container.encode(status, forKey: .status)
            try container.encodeIfPresent(isRetryable, forKey: .isRetryable)
        case .httpStatus(let status, let body):
            try container.encode("http", forKey: .kind)
            try container.encode(status, forKey: .httpStatus)
            try container.encode(body, forKey: .body)
        case .timeout(let seconds):
            try container.encode("timeout", forKey: .kind)
            try container.encode(seconds, forKey: .holdSeconds)
        }
        try container.encodeIfPresent(environment, forKey: .environment)
        try container.encode(scope, forKey: .scope)
        try container.encodeIfPresent(activeUntil, forKey: .activeUntil)
        try container.encodeIfPresent(remainingRequests, forKey: .remainingRequests)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int.self, forKey: .id) ?? 0
        kind = try Self.decodeKind(container)
        environment = try container.decodeIfPresent(StoreEnvironment.self, forKey: .environment)
        scope = try container.decodeIfPresent(SimulatorFaultScope.self, forKey: .scope) ?? .verifyReceipt
        activeUntil = try container.decodeIfPresent(Instant.self, forKey: .activeUntil)
        remainingRequests = try container.decodeIfPresent(Int.self, forKey: .remainingRequests)
    }

    static func decodeKind(_ container: KeyedDecodingContainer<CodingKeys>) throws -> SimulatorFaultKind {
        switch try container.decode(String.self, forKey: .kind) {
        case "status":
            return .status(
                try container.decode(Int.self, forKey: .status),
                isRetryable: try container.decodeIfPresent(Bool.self, forKey: .isRetryable))
        case "http":
            return .httpStatus(
                try container.decode(Int.self, forKey: .httpStatus),
                body: try container.decodeIfPresent(SimulatorFaultBody.self, forKey: .body) ?? .empty)
        case "timeout":
            return .timeout(seconds: try container.decode(Double.self, forKey: .holdSeconds))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "kind must be status, http or timeout")
        }
    }
}
