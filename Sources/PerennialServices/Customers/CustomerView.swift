import PerennialCore

/// What Perennial knows about one customer at an instant: the entitlements they have and every purchase.
public struct CustomerView: Sendable, Hashable {
    public var appID: String
    public var appUserID: String
    public var firstSeenAt: Instant
    /// The instant the view describes.
    public var requestedAt: Instant
    public var entitlements: [Entitlement]
    /// Every subscription and one-time purchase, sorted by key.
    public var subscriptions: [SubscriptionState]

    public init(
        appID: String, appUserID: String, firstSeenAt: Instant, requestedAt: Instant, entitlements: [Entitlement],
        subscriptions: [SubscriptionState]
    ) {
        self.appID = appID
        self.appUserID = appUserID
        self.firstSeenAt = firstSeenAt
        self.requestedAt = requestedAt
        self.entitlements = entitlements
        self.subscriptions = subscriptions
    }
}
