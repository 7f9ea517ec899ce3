import PerennialCore

/// Why an App Store Server API call failed. Compare errors by `kind` and `errorCode`; the message is for people.
///
/// Errors name statuses, codes and environments; they never carry the signing key, the bearer token or a
/// request body.
public struct AppStoreServerAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is.
    public var kind: Kind
    /// The HTTP status Apple answered with; nil when no response arrived.
    public var httpStatus: Int?
    /// Apple's numeric `errorCode` from the error body; nil when the body had none.
    public var errorCode: ErrorCode?
    /// Apple's `errorMessage`, or a description of the failure written here.
    public var errorMessage: String?
    /// For `.rateLimited`: when Apple allows the next request (from `Retry-After`), if it said.
    public var retryAfter: Instant?
    /// The environment whose server answered (or failed to), when a request was sent.
    public var environment: ServerAPIEnvironment?

    /// Creates an error.
    public init(
        _ kind: Kind, httpStatus: Int? = nil, errorCode: ErrorCode? = nil, errorMessage: String? = nil,
        retryAfter: Instant? = nil, environment: ServerAPIEnvironment? = nil
    ) {
        self.kind = kind
        self.httpStatus = httpStatus
        self.errorCode = errorCode
        self.errorMessage = errorMessage
        self.retryAfter = retryAfter
        self.environment = environment
    }

    /// Whether the same request may succeed later: rate limits, server errors, transport failures and
    /// Apple's codes documented as retryable. Invalid requests, missing records and refused tokens are not.
    public var isRetryable: Bool {
        switch kind {
        case .rateLimited, .unavailable: return true
        case .unauthorized, .invalidResponse, .invalidConfiguration: return false
        default:
            if let errorCode, errorCode.isRetryable { return true }
            if let httpStatus, httpStatus >= 500 { return true }
            return false
        }
    }

    public var description: String {
        var parts = ["AppStoreServerAPIError(\(kind))"]
        if let httpStatus { parts.append("HTTP \(httpStatus)") }
        if let errorCode { parts.append("errorCode \(errorCode.rawValue)") }
        if let environment { parts.append("environment \(environment)") }
        if let retryAfter { parts.append("retry after \(retryAfter)") }
        var text = parts.joined(separator: ", ")
        if let errorMessage { text += ": \(errorMessage)" }
        return text
    }
}
