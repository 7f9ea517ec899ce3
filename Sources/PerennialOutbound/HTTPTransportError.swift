/// Why an `HTTPTransport` returned no response. Compared by code: the message is for people and may change.
///
/// Messages name the failure and may name the host; they never carry request bodies or credentials.
public struct HTTPTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. Extensible: new codes may be added, so switch with a default.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        let name: String

        /// No complete response within the request's timeout (connect, TLS handshake, read or deadline).
        public static let timeout = Code(name: "timeout")
        /// The connection could not be made or broke before the response was complete.
        public static let connection = Code(name: "connection")
        /// The request cannot be sent as given (malformed URL, unsupported scheme): retrying will not help.
        public static let invalidRequest = Code(name: "invalid_request")
        /// The response body exceeded the transport's size limit.
        public static let responseTooLarge = Code(name: "response_too_large")
        /// Any other failure.
        public static let other = Code(name: "other")

        public var description: String { name }
    }

    /// The kind of failure; compare errors by it.
    public var code: Code
    /// What happened, for logs.
    public var message: String

    /// Creates an error of a kind, with a message for logs (never a body or a credential).
    public init(_ code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// A `.timeout` error.
    public static func timeout(_ message: String = "timed out") -> HTTPTransportError { .init(.timeout, message: message) }
    /// A `.connection` error.
    public static func connection(_ message: String) -> HTTPTransportError { .init(.connection, message: message) }
    /// An `.other` error.
    public static func other(_ message: String) -> HTTPTransportError { .init(.other, message: message) }

    public static func == (lhs: HTTPTransportError, rhs: HTTPTransportError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    public var description: String { "HTTPTransportError(\(code)): \(message)" }
}
