import Foundation

/// SubscriptionPurchaseV2 bodies for tests, written as Google writes them (RFC 3339 times, false booleans
/// left out), from a few parameters.
struct PlayPurchaseBody {
    var state = "SUBSCRIPTION_STATE_ACTIVE"
    var productID = "premium_monthly"
    var orderID: String? = "GPA.3345-1234-5678-90123"
    var startTime = "2026-11-01T10:00:00Z"
    var expiryTime = "2026-12-01T10:00:00Z"
    var autoRenew = true
    var phase = "basePrice"
    var acknowledged = true
    var extra: [String: Any] = [:]
    var lineItemExtra: [String: Any] = [:]

    var json: [String: Any] {
        var plan: [String: Any] = ["recurringPrice": ["currencyCode": "EUR", "units": "4", "nanos": 990_000_000]]
        if autoRenew { plan["autoRenewEnabled"] = true }
        var item: [String: Any] = [
            "productId": productID, "expiryTime": expiryTime, "autoRenewingPlan": plan,
            "offerDetails": ["basePlanId": "monthly", "offerTags": ["tag"]], "offerPhase": [phase: [String: Any]()],
        ]
        if let orderID { item["latestSuccessfulOrderId"] = orderID }
        item.merge(lineItemExtra) { $1 }
        var body: [String: Any] = [
            "kind": "androidpublisher#subscriptionPurchaseV2", "startTime": startTime, "regionCode": "DE",
            "subscriptionState": state, "lineItems": [item],
            "acknowledgementState": acknowledged ? "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED" : "ACKNOWLEDGEMENT_STATE_PENDING",
            "etag": "etag-1", "someFieldGoogleAddsLater": ["nested": true],
        ]
        body.merge(extra) { $1 }
        return body
    }

    var data: Data { try! JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]) }
}
