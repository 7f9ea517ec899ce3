import PerennialCore

/// One voided purchase the Play simulator lists in `purchases.voidedpurchases.list`.
struct PlayVoidedEntry: Sendable, Hashable, Codable {
    var purchaseToken: String
    var orderID: String
    var purchaseTime: Instant
    var voidedTime: Instant
    /// 0 the user, 1 the developer, 2 Google.
    var source: Int
    /// As Google numbers them: 1 remorse … 7 chargeback, 8 never acknowledged.
    var reason: Int

    /// The entry as Google's JSON.
    var json: [String: Any] {
        [
            "kind": "androidpublisher#voidedPurchase", "purchaseToken": purchaseToken, "orderId": orderID,
            "purchaseTimeMillis": "\(purchaseTime.milliseconds)", "voidedTimeMillis": "\(voidedTime.milliseconds)",
            "voidedSource": source, "voidedReason": reason,
        ]
    }
}
