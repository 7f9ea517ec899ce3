/// The request budgets of one app, one bucket per way in: its public key, its secret key, and its store
/// notification endpoint (`/v1/apple/notifications/{app_id}`, which no key protects).
///
/// The defaults are generous, meant to stop floods rather than shape traffic: a public key is shared by every
/// install of the app, so its bucket is the whole app's traffic; and although a store retries a notification
/// refused with 429, the App Store's first retry comes an hour later, so real bursts must pass.
public struct RateLimitSettings: Sendable, Hashable {
    /// Default 1,000 per second, bursts of 10,000.
    public var publicKey = RateLimit(perSecond: 1_000, burst: 10_000)
    /// Default 100 per second, bursts of 1,000.
    public var secretKey = RateLimit(perSecond: 100, burst: 1_000)
    /// Default 1,000 per second, bursts of 10,000.
    public var notifications = RateLimit(perSecond: 1_000, burst: 10_000)
    /// Notifications that fail verification, per source address (server-wide): such requests draw on this
    /// budget instead of the app's notification budget, so junk cannot use up the app's, and an address
    /// that has used it up is refused 429 before its bodies are read. Genuine notifications never draw on it.
    /// Default 1 per second, bursts of 20.
    public var rejectedNotificationsPerAddress = RateLimit(perSecond: 1, burst: 20)

    public init() {}

    public init(publicKey: RateLimit, secretKey: RateLimit, notifications: RateLimit) {
        self.publicKey = publicKey
        self.secretKey = secretKey
        self.notifications = notifications
    }
}
