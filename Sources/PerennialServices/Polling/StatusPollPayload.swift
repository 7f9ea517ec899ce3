/// The payload of a `subscription.poll` job.
struct StatusPollPayload: Codable, Sendable {
    var appID: String
    var originalTransactionID: String
    var ownerAppUserID: String
}
