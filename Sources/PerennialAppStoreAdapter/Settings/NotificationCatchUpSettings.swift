/// Missed-notification recovery: reading the App Store's notification history (Get Notification History)
/// since the last notification seen, and ingesting what it holds through the same path as a delivered
/// notification (duplicates are no-ops).
public struct NotificationCatchUpSettings: Sendable, Hashable {
    /// How often the history is read.
    public var interval: Duration
    /// How far back the first read goes, when nothing was read before.
    public var initialWindow: Duration
    /// How far before the last read's end the next one starts: the history is eventually consistent, and a
    /// notification Apple records late is still found.
    public var overlap: Duration

    public init(interval: Duration = .seconds(3600), initialWindow: Duration = .seconds(86_400), overlap: Duration = .seconds(3600)) {
        self.interval = interval
        self.initialWindow = initialWindow
        self.overlap = overlap
    }
}
