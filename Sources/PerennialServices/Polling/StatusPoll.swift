import Foundation
import PerennialCore

/// The `subscription.poll` job that `MaintenanceScheduler` queues for a subscription due for a status check;
/// the store's own handler runs it (the App Store's asks its Server API, or verifyReceipt with the owner's
/// receipt).
public enum StatusPoll {
    /// The job kind.
    public static let jobKind = "subscription.poll"

    /// The job's payload.
    public struct Payload: Codable, Sendable {
        public var appID: String
        public var subscriptionID: String
        public var ownerAppUserID: String

        /// Jobs queued by earlier versions name the subscription's id `originalTransactionID`; the name
        /// stays so they still run after an upgrade.
        enum CodingKeys: String, CodingKey {
            case appID, subscriptionID = "originalTransactionID", ownerAppUserID
        }
    }

    /// The job that polls one subscription, owned by `ownerAppUserID`, at `runAt`. Repeats are dropped
    /// while one waits (`.keep`), so a poll keeps its place and its backoff.
    public static func job(appID: String, subscriptionID: String, ownerAppUserID: String, runAt: Instant) throws -> NewJob {
        let payload = Payload(appID: appID, subscriptionID: subscriptionID, ownerAppUserID: ownerAppUserID)
        return NewJob(
            kind: jobKind, appID: appID, payload: try JSONEncoder().encode(payload), runAt: runAt,
            deduplicationKey: "poll:\(appID):\(subscriptionID)", onDuplicate: .keep
        )
    }
}
