/// How much of the notifications that failed verification an app keeps (`server.rejected_notifications`).
///
/// Anyone can post to a notification URL, so what is kept of a rejected body is what an operator needs to
/// tell what it was — when, how big, why, its SHA-256 (the notification id), and its first KiB, sealed —
/// and the rejected store is bounded per app: beyond `maxCount` rows or `maxBytes` of kept excerpts the
/// oldest are dropped, and none is kept longer than `maxAge`. Accepted notifications are not affected.
public struct RejectedNotificationRetention: Sendable, Hashable {
    /// How much of a rejected body is kept, sealed.
    public static let excerptBytes = 1_024

    /// Default 1,000 per app.
    public var maxCount = 1_000
    /// Default 1 MiB of sealed excerpts per app.
    public var maxBytes = 1 << 20
    /// Default 7 days.
    public var maxAge: Duration = .seconds(7 * 86_400)

    public init() {}

    public init(maxCount: Int, maxBytes: Int, maxAge: Duration) {
        self.maxCount = maxCount
        self.maxBytes = maxBytes
        self.maxAge = maxAge
    }
}
