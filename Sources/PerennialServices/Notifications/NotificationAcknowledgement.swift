/// What Perennial answers the store for a notification it accepted.
public struct NotificationAcknowledgement: Sendable, Hashable {
    /// True when the same notification had already been processed: nothing was ingested again.
    public var isRepeat: Bool
    /// True when the notification is stored but its processing was queued (verification or the database
    /// could not finish it now); a job completes it.
    public var isQueued: Bool
    public var notificationType: String?
    public var subtype: String?

    public init(isRepeat: Bool, isQueued: Bool = false, notificationType: String?, subtype: String?) {
        self.isRepeat = isRepeat
        self.isQueued = isQueued
        self.notificationType = notificationType
        self.subtype = subtype
    }
}
