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

    /// The JSON body Google sends.
    var body: [String: Any] {
        ["error": [
            "code": httpStatus, "message": message, "status": status,
            "errors": [["message": message, "domain": "androidpublisher", "reason": reason]],
        ]]
    }
}
