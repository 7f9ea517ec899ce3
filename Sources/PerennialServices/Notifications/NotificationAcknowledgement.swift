/// What Perennial answers the store for a notification it accepted.
public struct NotificationAcknowledgement: Sendable, Hashable {
    /// True when the same notification had already been processed: nothing was ingested again.
    public var isRepeat: Bool
    public var notificationType: String?
    public var subtype: String?

    public init(isRepeat: Bool, notificationType: String?, subtype: String?) {
        self.isRepeat = isRepeat
        self.notificationType = notificationType
        self.subtype = subtype
    }
}
