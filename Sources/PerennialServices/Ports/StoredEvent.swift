import PerennialCore

/// A lifecycle event as stored: the event, who it belongs to and when Perennial recorded it.
public struct StoredEvent: Sendable, Hashable {
    /// The database's sequence number: increases with every event recorded (in the order inserted, which
    /// on PostgreSQL is not the order committed).
    public var sequence: Int64
    public var appUserID: String
    public var event: LifecycleEvent
    public var recordedAt: Instant
    /// The position in the app's event feed, given as the write that recorded it commits: positions
    /// increase in commit order, so a reader paging by position never passes over a late committer.
    public var feedPosition: Int64?
    /// The number of the event in its customer's history, taken in the recording write under the
    /// customer's lock, so a customer's events are numbered in the order their writes committed.
    public var customerSequence: Int64?
    /// When a fuller history retracted it (an `event_retracted` event says so); nil while it stands.
    public var retractedAt: Instant?

    public init(
        sequence: Int64, appUserID: String, event: LifecycleEvent, recordedAt: Instant, feedPosition: Int64? = nil,
        customerSequence: Int64? = nil, retractedAt: Instant? = nil
    ) {
        self.sequence = sequence
        self.appUserID = appUserID
        self.event = event
        self.recordedAt = recordedAt
        self.feedPosition = feedPosition
        self.customerSequence = customerSequence
        self.retractedAt = retractedAt
    }

    /// The event's public id (`evt_` and its sequence): the same in the feed, in every webhook and on
    /// every retry or replay of one.
    public var publicID: String { "evt_\(sequence)" }
}
