/// A failed call to PayPal's API, with a stable code and PayPal's own error name when it gave one
/// (`RESOURCE_NOT_FOUND`, `UNPROCESSABLE_ENTITY`); never the credentials or the body sent.
public struct PayPalAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        /// PayPal could not be reached, or did not answer in time.
        case transport
        /// The client id and secret were refused (401 from the token call, or a token refused twice).
        case unauthorized
        /// PayPal knows no such subscription, plan or certificate (404).
        case notFound = "not_found"
        /// PayPal refused the request as invalid (400, 422).
        case refused
        /// PayPal asked to slow down (429) or failed (5xx).
        case unavailable
        /// The answer is not what the endpoint returns.
        case decoding
    }

    public var code: Code
    public var message: String
    /// PayPal's `name` of the error, when it sent one.
    public var payPalName: String?
    public var httpStatus: Int?

    public init(_ code: Code, message: String, payPalName: String? = nil, httpStatus: Int? = nil) {
        self.code = code
        self.message = message
        self.payPalName = payPalName
        self.httpStatus = httpStatus
    }

    public var description: String { "\(code.rawValue): \(message)" }

    /// Whether trying again later may succeed.
    public var isTransient: Bool { code == .transport || code == .unavailable }
}
