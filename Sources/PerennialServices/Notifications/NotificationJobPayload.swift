/// The payload of a `notification.process` job: which stored notification to process again. The body
/// itself stays sealed in the inbox.
struct NotificationJobPayload: Codable, Sendable {
    var appID: String
    var notificationID: String
}
