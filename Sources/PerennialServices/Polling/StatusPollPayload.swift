/// The payload of a `subscription.poll` job.
struct StatusPollPayload: Codable, Sendable {
    var appID: String
    var subscriptionID: String
    var ownerAppUserID: String

    /// Jobs queued by earlier versions name the subscription's id `originalTransactionID`; the name stays so
    /// they still run after an upgrade.
    enum CodingKeys: String, CodingKey {
        case appID, subscriptionID = "originalTransactionID", ownerAppUserID
    }
}
