/// A refusal in Google's error shape: `{"error": {"code", "message", "status", "errors": [{"reason"}]}}`.
public struct PlaySimulatorError: Error, Sendable, Hashable {
    public var httpStatus: Int
    public var status: String
    public var reason: String
    public var message: String

    static func notFound(_ message: String) -> Self {
        Self(httpStatus: 404, status: "NOT_FOUND", reason: "notFound", message: message)
    }

    static func invalid(_ message: String) -> Self {
        Self(httpStatus: 400, status: "INVALID_ARGUMENT", reason: "invalid", message: message)
    }

    static func unauthenticated(_ message: String) -> Self {
        Self(httpStatus: 401, status: "UNAUTHENTICATED", reason: "authError", message: message)
    }

    static func failedPrecondition(_ message: String) -> Self {
        Self(httpStatus: 400, status: "FAILED_PRECONDITION", reason: "invalidPurchaseState", message: message)
    }

    /// What Google answers when it is overloaded (429) or failing (5xx).
    static func outage(_ httpStatus: Int) -> Self {
        switch httpStatus {
        case 429: Self(httpStatus: 429, status: "RESOURCE_EXHAUSTED", reason: "rateLimitExceeded", message: "Quota exceeded.")
        case 503: Self(httpStatus: 503, status: "UNAVAILABLE", reason: "backendError", message: "The service is currently unavailable.")
        case 500...599: Self(httpStatus: httpStatus, status: "INTERNAL", reason: "backendError", message: "Internal error encountered.")
        default: Self(httpStatus: httpStatus, status: "FAILED_PRECONDITION", reason: "invalid", message: "The request failed.")
        }
    }

    /// The JSON body Google sends.
    var body: [String: Any] {
        ["error": [
            "code": httpStatus, "message": message, "status": status,
            "errors": [["message": message, "domain": "androidpublisher", "reason": reason]],
        ]]
    }
}
