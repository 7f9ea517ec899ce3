/// What a webhook event is about, as far as its own fields say: a subscription, a sale (a refund names the
/// sale, not the subscription, so the subscription is found through the sale ids already recorded), or
/// nothing Perennial tracks.
public enum PayPalEventTarget: Sendable, Hashable {
    case subscription(id: String)
    case sale(id: String)
    case ignored
}
