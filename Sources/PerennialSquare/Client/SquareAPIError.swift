/// A failed call to Square's API, with a stable code and Square's own error code when it gave one
/// (`NOT_FOUND`, `UNAUTHORIZED`); never the token or the body sent.
public struct SquareAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        /// Square could not be reached, or did not answer in time.
        case transport
        /// The access token was refused (401, 403).
        case unauthorized
        /// Square knows no such subscription, invoice, customer or catalog object (404).
        case notFound = "not_found"
        /// Square refused the request as invalid (400, 409, 422).
        case refused
        /// Square asked to slow down (429) or failed (5xx).
        case unavailable
        /// The answer is not what the endpoint returns.
        case decoding
    }

    public var code: Code
    public var message: String
    /// Square's `errors[0].code`, when it sent one.
    public var squareCode: String?
    public var httpStatus: Int?

    public init(_ code: Code, message: String, squareCode: String? = nil, httpStatus: Int? = nil) {
        self.code = code
        self.message = message
        self.squareCode = squareCode
        self.httpStatus = httpStatus
    }

    public var description: String { "\(code.rawValue): \(message)" }

    /// Whether trying again later may succeed.
    public var isTransient: Bool { code == .transport || code == .unavailable }
}
