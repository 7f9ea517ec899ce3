import PerennialCore

/// A subscription's state to store, with the customer who owns it (`SubscriptionRecords.saveSubscriptions`).
public struct SubscriptionSave: Sendable, Hashable {
    public var ownerAppUserID: String
    public var state: SubscriptionState

    public init(ownerAppUserID: String, state: SubscriptionState) {
        self.ownerAppUserID = ownerAppUserID
        self.state = state
    }
}
