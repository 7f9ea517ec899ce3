/// The answer of Get Test Notification Status: the test notification and its delivery attempts.
public struct CheckTestNotificationResponse: Sendable, Hashable, Codable {
    /// The test notification's signed payload.
    public var signedPayload: String?
    /// The delivery attempts.
    public var sendAttempts: [SendAttemptItem]?

    /// Creates a response.
    public init(signedPayload: String? = nil, sendAttempts: [SendAttemptItem]? = nil) {
        self.signedPayload = signedPayload
        self.sendAttempts = sendAttempts
    }
}
