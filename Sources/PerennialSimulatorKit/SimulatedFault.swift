/// Trouble a simulator is told to make, for a number of times: its API failing (`api_error`, a status such
/// as 500, 503 or 429, on paths with a prefix), or its webhooks arriving twice (`duplicate_webhook`) or late
/// (`delay_webhook`: the first attempt is skipped and retried).
public struct SimulatedFault: Sendable {
    public enum Kind: String, Sendable {
        case apiError = "api_error"
        case duplicateWebhook = "duplicate_webhook"
        case delayWebhook = "delay_webhook"
    }

    public var kind: Kind
    public var remaining: Int
    public var status: Int
    public var pathPrefix: String

    public init(kind: Kind, remaining: Int, status: Int = 500, pathPrefix: String = "/") {
        self.kind = kind
        self.remaining = remaining
        self.status = status
        self.pathPrefix = pathPrefix
    }

    /// Reads `{kind, count?, status?, path_prefix?}`; nil, with the reason, when it is not one.
    public static func read(_ object: [String: Any]) -> Result<SimulatedFault, SimulatedFaultError> {
        guard let kind = (object["kind"] as? String).flatMap(Kind.init(rawValue:)) else {
            return .failure(SimulatedFaultError(message: "kind must be api_error, duplicate_webhook or delay_webhook"))
        }
        let count = object["count"] as? Int ?? 1
        let status = object["status"] as? Int ?? 500
        guard (1...1_000).contains(count), (400...599).contains(status) else {
            return .failure(SimulatedFaultError(message: "count must be 1 to 1000 and status 400 to 599"))
        }
        return .success(SimulatedFault(kind: kind, remaining: count, status: status, pathPrefix: object["path_prefix"] as? String ?? "/"))
    }

    public var json: [String: Any] { ["kind": kind.rawValue, "remaining": remaining, "status": status, "path_prefix": pathPrefix] }
}

/// Why a fault could not be read.
public struct SimulatedFaultError: Error, Sendable {
    public var message: String
}
