import PerennialCore

/// What Perennial has seen of a store for one app, for the store's adapter to judge its set-up by
/// (notifications configured but never received, notifications that name another app).
public struct StoreActivity: Sendable, Hashable {
    /// When the last notification from the store for this app arrived; nil: never.
    public var lastNotificationAt: Instant?
    /// Of the app's latest notifications from the store, how many were refused as another app's.
    public var notificationsForAnotherApp: Int

    public init(lastNotificationAt: Instant? = nil, notificationsForAnotherApp: Int = 0) {
        self.lastNotificationAt = lastNotificationAt
        self.notificationsForAnotherApp = notificationsForAnotherApp
    }
}
