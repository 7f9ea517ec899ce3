/// Why a call to Google failed. Compared by kind; messages name the call and Google's own status and reason,
/// never a token, a key or a body.
public struct PlayAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// The key file or configuration cannot work (retrying will not help).
        case invalidConfiguration = "invalid_configuration"
        /// Google refused the credentials (after one renewal of the access token).
        case unauthorized
        /// The service account lacks a permission in Play Console (financial data, orders).
        case forbidden
        /// Google does not know the package, product or token.
        case notFound = "not_found"
        /// The purchase token is no longer valid (60 days after expiry).
        case gone
        /// The request was refused as malformed, or the purchase is in a state that forbids the call.
        case invalidRequest = "invalid_request"
        /// Too many requests, after the retries.
        case rateLimited = "rate_limited"
        /// Google did not answer, or answered 5xx, after the retries: try later.
        case unavailable
        /// Google answered 2xx with a body that is not what the call returns.
        case invalidResponse = "invalid_response"
    }

    public var kind: Kind
    public var message: String
    /// The HTTP status, when Google answered.
    public var httpStatus: Int?
    /// Google's `error.status` (`NOT_FOUND`, `PERMISSION_DENIED`) or the token endpoint's `error`.
    public var googleStatus: String?
    /// Whether the OAuth token endpoint refused (the service account's key), not the API itself.
    public var isFromTokenEndpoint: Bool

    public init(_ kind: Kind, message: String, httpStatus: Int? = nil, googleStatus: String? = nil, isFromTokenEndpoint: Bool = false) {
        self.kind = kind
        self.message = message
        self.httpStatus = httpStatus
        self.googleStatus = googleStatus
        self.isFromTokenEndpoint = isFromTokenEndpoint
    }

    public var description: String { "\(kind.rawValue): \(message)" }
}
