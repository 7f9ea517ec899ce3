import PerennialCore

/// A store notification whose origin was verified, and the facts it carries (none for types such as TEST).
public struct VerifiedStoreNotification: Sendable, Hashable {
    /// The store's id for the notification (App Store `notificationUUID`).
    public var notificationUUID: String?
    public var notificationType: String
    public var subtype: String?
    public var facts: FactBatch

    public init(notificationUUID: String?, notificationType: String, subtype: String?, facts: FactBatch) {
        self.notificationUUID = notificationUUID
        self.notificationType = notificationType
        self.subtype = subtype
        self.facts = facts
    }
}
