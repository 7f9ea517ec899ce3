/// The `notification.catch_up` job that the App Store adapter's periodic work queues when an app's interval has passed;
/// the store's own handler reads the notifications it missed (the App Store's notification history).
public enum NotificationCatchUp {
    /// The job kind.
    public static let jobKind = "notification.catch_up"
    /// The app's cursor holding the end of the last read.
    public static let cursorName = "notification_history"
}
