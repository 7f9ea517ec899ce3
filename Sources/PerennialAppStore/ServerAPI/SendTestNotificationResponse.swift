/// The answer of Request a Test Notification: the token to ask its status with.
public struct SendTestNotificationResponse: Sendable, Hashable, Codable {
    /// The test notification's token.
    public var testNotificationToken: String?

    /// Creates a response.
    public init(testNotificationToken: String? = nil) {
        self.testNotificationToken = testNotificationToken
    }
}
