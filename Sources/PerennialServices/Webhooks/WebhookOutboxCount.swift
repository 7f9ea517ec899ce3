import PerennialCore

/// An endpoint's pending deliveries, for the metrics: how many, and when the longest-waiting one that may
/// be sent (the first pending of its customer) fell due.
public struct WebhookOutboxCount: Sendable, Hashable {
    public var appID: String
    public var endpointID: String
    public var pending: Int
    /// Of the deliveries first in their customer's line, the earliest due time; nil when none is due.
    public var earliestDueAt: Instant?

    public init(appID: String, endpointID: String, pending: Int, earliestDueAt: Instant?) {
        self.appID = appID
        self.endpointID = endpointID
        self.pending = pending
        self.earliestDueAt = earliestDueAt
    }
}
