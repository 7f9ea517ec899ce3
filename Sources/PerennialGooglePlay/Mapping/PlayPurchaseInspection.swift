import Foundation
import PerennialCore

/// What `perennial google purchase inspect` prints: the engine's conclusion about one SubscriptionPurchaseV2
/// body at an instant, in the shape `perennial receipt inspect` prints its subscriptions —
/// `{"subscriptions": [{"original_transaction_id": <token>, …}]}` — plus `linked_purchase_token` on the entry
/// when the purchase replaces another. A pending purchase has no entry (nothing was bought yet).
public enum PlayPurchaseInspection {
    /// The JSON line for `body`, read as if fetched for `token`, folded at `instant`.
    public static func inspect(_ body: Data, token: String, at instant: Instant) throws(PlayPurchaseDecodingError) -> String {
        let purchase = try PlaySubscriptionPurchase.decode(from: body)
        let batch = purchase.facts(token: token, observedAt: instant)
        let entries = SubscriptionEngine().states(of: batch, at: instant).map { state -> String in
            var members = InspectedSubscription(state).jsonMembers
            if let linked = purchase.linkedPurchaseToken {
                members.append(("linked_purchase_token", JSONText.string(linked)))
            }
            return JSONText.object(members)
        }
        return JSONText.object([("subscriptions", JSONText.array(entries))])
    }

    /// The JSON error line for a body that is not a subscription purchase.
    public static func errorLine(_ error: PlayPurchaseDecodingError) -> String {
        JSONText.object([
            ("error", JSONText.object([("code", JSONText.string(error.code)), ("message", JSONText.string(error.message))])),
        ])
    }
}
