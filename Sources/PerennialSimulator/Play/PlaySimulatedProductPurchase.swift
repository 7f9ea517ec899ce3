import PerennialCore

/// One purchase of a one-time product in the Play simulator, as Google keeps it.
struct PlaySimulatedProductPurchase: Sendable, Hashable, Codable {
    var token: String
    var productID: String
    var orderID: String
    var purchaseTime: Instant
    var obfuscatedAccountID: String?
    var acknowledged = false
    var consumed = false
    /// Refunded or voided: `purchaseState` 1.
    var canceled = false
}
