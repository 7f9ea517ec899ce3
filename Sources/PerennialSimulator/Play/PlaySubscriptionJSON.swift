import Foundation
import PerennialCore

/// A simulated purchase as `purchases.subscriptionsv2.get` returns it: Google's field names, RFC 3339 times
/// with milliseconds, false booleans left out.
enum PlaySubscriptionJSON {
    static func render(_ purchase: PlaySimulatedPurchase, now: Instant) -> [String: Any] {
        let state: String
        switch purchase.phase {
        case .active: state = "SUBSCRIPTION_STATE_ACTIVE"
        case .canceled: state = "SUBSCRIPTION_STATE_CANCELED"
        case .inGracePeriod: state = "SUBSCRIPTION_STATE_IN_GRACE_PERIOD"
        case .onHold: state = "SUBSCRIPTION_STATE_ON_HOLD"
        case .paused: state = "SUBSCRIPTION_STATE_PAUSED"
        case .expired: state = "SUBSCRIPTION_STATE_EXPIRED"
        }
        var expiry = purchase.expiryTime
        if purchase.phase == .inGracePeriod, let failedAt = purchase.failedAt {
            expiry = failedAt.adding(milliseconds: PlaySimulator.graceMinutes * 60_000)
        }
        var plan: [String: Any] = [
            "recurringPrice": PlayMicros.json(purchase.product.recurringPriceMicros, currency: purchase.product.currency),
        ]
        if purchase.autoRenew, purchase.phase != .expired { plan["autoRenewEnabled"] = true }
        var offer: [String: Any] = ["basePlanId": purchase.product.basePlanID]
        if let offerID = purchase.offerID { offer["offerId"] = offerID }
        let phase = switch purchase.offerPhase {
        case .freeTrial: "freeTrial"
        case .introductory: "introductoryPrice"
        case .base: "basePrice"
        }
        var item: [String: Any] = [
            "productId": purchase.product.productID, "expiryTime": time(expiry), "autoRenewingPlan": plan,
            "offerDetails": offer, "latestSuccessfulOrderId": purchase.latestOrderID,
            "offerPhase": [phase: [String: Any]()],
        ]
        if purchase.phase == .expired, purchase.cancellation == .replacement { item.removeValue(forKey: "autoRenewingPlan") }
        var body: [String: Any] = [
            "kind": "androidpublisher#subscriptionPurchaseV2", "regionCode": "US", "lineItems": [item],
            "startTime": time(purchase.startTime), "subscriptionState": state, "latestOrderId": purchase.latestOrderID,
            "acknowledgementState": purchase.acknowledged ? "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED" : "ACKNOWLEDGEMENT_STATE_PENDING",
            "testPurchase": [String: Any](), "etag": etag(purchase),
        ]
        if let linked = purchase.linkedPurchaseToken { body["linkedPurchaseToken"] = linked }
        if let expired = purchase.expiredPurchaseToken {
            var context: [String: Any] = ["expiredPurchaseToken": expired]
            if let account = purchase.expiredObfuscatedAccountID {
                context["expiredExternalAccountIdentifiers"] = ["obfuscatedExternalAccountId": account]
            }
            body["outOfAppPurchaseContext"] = context
        }
        if purchase.phase == .paused, let resumes = purchase.autoResumeTime {
            body["pausedStateContext"] = ["autoResumeTime": time(resumes)]
        }
        if let account = purchase.obfuscatedAccountID {
            body["externalAccountIdentifiers"] = ["obfuscatedExternalAccountId": account]
        }
        if let cancellation = purchase.cancellation, purchase.phase == .canceled || purchase.phase == .expired {
            var context: [String: Any] = [:]
            if cancellation == .user { context["cancelTime"] = time(now) }
            body["canceledStateContext"] = [cancellation.rawValue: context]
        }
        return body
    }

    static func etag(_ purchase: PlaySimulatedPurchase) -> String {
        "\(purchase.token.prefix(8))-\(purchase.etagVersion)"
    }

    static func time(_ instant: Instant) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(instant.milliseconds) / 1000))
    }
}
