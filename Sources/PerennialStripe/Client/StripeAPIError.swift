/// Why a call to Stripe's API failed. Compared by code; carries Stripe's own `type`, `code`, `param`,
/// `decline_code`, message and request id, never the API key or a body.
public struct StripeAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. Extensible: switch with a default.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Stripe refused the key (401), or the key lacks the permission (403).
        public static let authentication = Code(rawValue: "authentication")
        /// The card was declined (402, `card_error`).
        public static let cardError = Code(rawValue: "card_error")
        /// The request was refused as invalid (400, `invalid_request_error`).
        public static let invalidRequest = Code(rawValue: "invalid_request")
        /// The idempotency key was reused with other parameters (`idempotency_error`), or a request with it is
        /// still in flight (409, after the retries).
        public static let idempotency = Code(rawValue: "idempotency")
        /// No such object (404).
        public static let notFound = Code(rawValue: "not_found")
        /// Too many requests (429), after the retries.
        public static let rateLimited = Code(rawValue: "rate_limited")
        /// Stripe failed (5xx, `api_error`), after the retries.
        public static let apiError = Code(rawValue: "api_error")
        /// No answer (timeout, connection), after the retries; or the request could not be sent at all.
        public static let transport = Code(rawValue: "transport")
        /// A 2xx answer that is not the object the call returns.
        public static let decoding = Code(rawValue: "decoding")
    }

    public var code: Code
    /// What failed, for logs: the call (`GET /v1/subscriptions/sub_…`) and Stripe's status.
    public var message: String
    public var httpStatus: Int?
    /// Stripe's `error.type`, `error.code`, `error.message`, `error.param` and `error.decline_code`.
    public var stripeType: String?
    public var stripeCode: String?
    public var stripeMessage: String?
    public var param: String?
    public var declineCode: String?
    /// Stripe's `Request-Id`, to find the request in the Dashboard's logs.
    public var requestID: String?

    public init(_ code: Code, message: String, httpStatus: Int? = nil) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
    }

    /// Whether Stripe may answer differently later: no answer, rate limits, its own failures.
    public var isTransient: Bool { [.transport, .rateLimited, .apiError].contains(code) }

    public static func == (lhs: StripeAPIError, rhs: StripeAPIError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    public var description: String {
        var text = "\(code): \(message)"
        if let stripeCode { text += " (\(stripeCode))" }
        if let requestID { text += " [\(requestID)]" }
        return text
    }
}
