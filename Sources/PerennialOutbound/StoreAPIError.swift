/// A failed call to a store's API (PayPal's, Square's …), with a stable code and the store's own name of the
/// error when it gave one (`RESOURCE_NOT_FOUND`, `NOT_FOUND`); never the credentials or the body sent.
public struct StoreAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        /// The store could not be reached, or did not answer in time.
        case transport
        /// The credentials were refused (401 or 403, or a token refused twice).
        case unauthorized
        /// The store knows no such record (404).
        case notFound = "not_found"
        /// The store refused the request as invalid (400, 409, 422).
        case refused
        /// The store asked to slow down (429) or failed (5xx).
        case unavailable
        /// The answer is not what the endpoint returns.
        case decoding
    }

    public var code: Code
    public var message: String
    /// The store's own name of the error, when it sent one.
    public var storeCode: String?
    public var httpStatus: Int?

    public init(_ code: Code, message: String, storeCode: String? = nil, httpStatus: Int? = nil) {
        self.code = code
        self.message = message
        self.storeCode = storeCode
        self.httpStatus = httpStatus
    }

    /// A non-2xx answer of `call` (`GET /v1/…`) as an error: its code from the status, the store's own name
    /// of it (at most 64 characters) in the message.
    public init(answer status: Int, call: String, storeCode: String?) {
        let name = storeCode.map { String($0.prefix(64)) }
        let code: Code = switch status {
        case 401, 403: .unauthorized
        case 404: .notFound
        case 429, 500...: .unavailable
        default: .refused
        }
        self.init(code, message: "\(call) answered \(status)\(name.map { " \($0)" } ?? "")", storeCode: name, httpStatus: status)
    }

    public var description: String { "\(code.rawValue): \(message)" }

    /// Whether trying again later may succeed.
    public var isTransient: Bool { code == .transport || code == .unavailable }
}
