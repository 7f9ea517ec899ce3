/// A subscription due for a status check, and the customer who owns it.
public struct PollCandidate: Sendable, Hashable {
    /// The store's id for the subscription (the `id` of its `SubscriptionKey`).
    public var subscriptionID: String
    public var ownerAppUserID: String

    public init(subscriptionID: String, ownerAppUserID: String) {
        self.subscriptionID = subscriptionID
        self.ownerAppUserID = ownerAppUserID
    }
}
