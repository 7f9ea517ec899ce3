/// Why the simulator refused a request. Compared by `code`; the HTTP layer answers
/// `{"error": {"code", "message"}}` with `httpStatus`.
public struct SimulatorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, snake_case error code (`unknown_subscription`, `not_eligible` …).
    public var code: String
    public var message: String
    /// The HTTP status the control API answers with (4xx).
    public var httpStatus: Int

    public init(code: String, message: String, httpStatus: Int = 400) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
    }

    public var description: String { "\(code): \(message)" }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    static func invalidRequest(_ message: String) -> Self { Self(code: "invalid_request", message: message) }
    static func invalidConfiguration(_ message: String) -> Self {
        Self(code: "invalid_configuration", message: message)
    }
    static func notFound(_ code: String, _ message: String) -> Self {
        Self(code: code, message: message, httpStatus: 404)
    }
    static func conflict(_ code: String, _ message: String) -> Self {
        Self(code: code, message: message, httpStatus: 409)
    }
}
