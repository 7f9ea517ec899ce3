/// A store's own word on which customer a subscription belongs to: the app user id the app or the team's
/// backend gave the store when the purchase started (Stripe: a Checkout Session's `client_reference_id`, a
/// subscription's or customer's `app_user_id` metadata). Only a store adapter that fetched it from the
/// store's API makes one; it names the owner of a subscription that has none yet, and never takes one
/// from the customer who owns it.
public struct SubscriptionOwnerClaim: Sendable, Hashable, Codable {
    /// The subscription claimed.
    public var subscription: SubscriptionKey
    /// The app user id the store carries for it.
    public var appUserID: String

    public init(subscription: SubscriptionKey, appUserID: String) {
        self.subscription = subscription
        self.appUserID = appUserID
    }
}
