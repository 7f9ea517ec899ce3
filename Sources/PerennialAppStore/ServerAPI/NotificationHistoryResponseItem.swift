/// One notification in the notification history, with every attempt to deliver it.
public struct NotificationHistoryResponseItem: Sendable, Hashable, Codable {
    /// The notification as the signed payload Apple posted (`responseBodyV2DecodedPayload` as a JWS).
    public var signedPayload: String?
    /// The delivery attempts, oldest first.
    public var sendAttempts: [SendAttemptItem]?

    /// Creates an item.
    public init(signedPayload: String? = nil, sendAttempts: [SendAttemptItem]? = nil) {
        self.signedPayload = signedPayload
        self.sendAttempts = sendAttempts
    }
}
