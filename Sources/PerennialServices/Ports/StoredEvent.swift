import PerennialCore

/// A lifecycle event as stored: the event, who it belongs to and when Perennial recorded it.
public struct StoredEvent: Sendable, Hashable {
    /// The database's sequence number: increases with every event recorded.
    public var sequence: Int64
    public var appUserID: String
    public var event: LifecycleEvent
    public var recordedAt: Instant

    public init(sequence: Int64, appUserID: String, event: LifecycleEvent, recordedAt: Instant) {
        self.sequence = sequence
        self.appUserID = appUserID
        self.event = event
        self.recordedAt = recordedAt
    }
}
