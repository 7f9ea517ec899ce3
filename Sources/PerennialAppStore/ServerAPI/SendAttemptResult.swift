/// The outcome of one notification delivery attempt. Kept raw: a value Apple adds later decodes too.
public struct SendAttemptResult: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Apple's spelling.
    public var rawValue: String

    /// Creates a result from Apple's spelling.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The server answered with a success status.
    public static let success = SendAttemptResult(rawValue: "SUCCESS")
    /// The request timed out.
    public static let timedOut = SendAttemptResult(rawValue: "TIMED_OUT")
    /// TLS failed.
    public static let tlsIssue = SendAttemptResult(rawValue: "TLS_ISSUE")
    /// The server redirected in a circle.
    public static let circularRedirect = SendAttemptResult(rawValue: "CIRCULAR_REDIRECT")
    /// The server did not answer.
    public static let noResponse = SendAttemptResult(rawValue: "NO_RESPONSE")
    /// The connection failed.
    public static let socketIssue = SendAttemptResult(rawValue: "SOCKET_ISSUE")
    /// The answer used an unsupported charset.
    public static let unsupportedCharset = SendAttemptResult(rawValue: "UNSUPPORTED_CHARSET")
    /// The answer was invalid.
    public static let invalidResponse = SendAttemptResult(rawValue: "INVALID_RESPONSE")
    /// The connection closed early.
    public static let prematureClose = SendAttemptResult(rawValue: "PREMATURE_CLOSE")
    /// The server answered with an error status.
    public static let unsuccessfulHTTPResponseCode = SendAttemptResult(rawValue: "UNSUCCESSFUL_HTTP_RESPONSE_CODE")
    /// Anything else.
    public static let other = SendAttemptResult(rawValue: "OTHER")

    public var description: String { rawValue }
}
