/// Trouble the simulator is told to make, for a number of times: its API failing (`api_error`, a status
/// such as 500, 503 or 429, on paths with a prefix), or its webhooks arriving twice (`duplicate_webhook`) or
/// late (`delay_webhook`: the first attempt is skipped and retried).
struct PayPalSimulatedFault: Sendable {
    enum Kind: String, Sendable {
        case apiError = "api_error"
        case duplicateWebhook = "duplicate_webhook"
        case delayWebhook = "delay_webhook"
    }

    var kind: Kind
    var remaining: Int
    var status = 500
    var pathPrefix = "/v1/"

    init(kind: Kind, remaining: Int, status: Int = 500, pathPrefix: String = "/v1/") {
        self.kind = kind
        self.remaining = remaining
        self.status = status
        self.pathPrefix = pathPrefix
    }

    /// Reads `{kind, count?, status?, path_prefix?}`.
    init(_ object: [String: Any]) throws(PayPalSimulatedError) {
        guard let kind = (object["kind"] as? String).flatMap(Kind.init(rawValue:)) else {
            throw .invalid("INVALID_PARAMETER_VALUE", "kind must be api_error, duplicate_webhook or delay_webhook")
        }
        let count = object["count"] as? Int ?? 1
        let status = object["status"] as? Int ?? 500
        guard (1...1_000).contains(count), (400...599).contains(status) else {
            throw .invalid("INVALID_PARAMETER_VALUE", "count must be 1 to 1000 and status 400 to 599")
        }
        self.init(kind: kind, remaining: count, status: status, pathPrefix: object["path_prefix"] as? String ?? "/v1/")
    }

    var json: [String: Any] { ["kind": kind.rawValue, "remaining": remaining, "status": status, "path_prefix": pathPrefix] }
}
