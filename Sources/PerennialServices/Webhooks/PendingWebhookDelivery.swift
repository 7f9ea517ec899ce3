import PerennialCore

/// A pending delivery as the dispatcher scans them: enough to tell whether it may be sent now.
public struct PendingWebhookDelivery: Sendable, Hashable {
    public var id: Int64
    /// The customer whose deliveries to the endpoint go one at a time, in the order they were recorded.
    public var appUserID: String
    /// When it is due; nil: now.
    public var nextAttemptAt: Instant?
    /// Until when a dispatcher holds it; nil or past: nobody does.
    public var leaseExpiresAt: Instant?

    public init(id: Int64, appUserID: String, nextAttemptAt: Instant?, leaseExpiresAt: Instant?) {
        self.id = id
        self.appUserID = appUserID
        self.nextAttemptAt = nextAttemptAt
        self.leaseExpiresAt = leaseExpiresAt
    }

    /// Whether it may be leased at `now`: due, and no lease holds it.
    public func isFree(at now: Instant) -> Bool {
        (nextAttemptAt ?? now) <= now && (leaseExpiresAt ?? now) <= now
    }
}
