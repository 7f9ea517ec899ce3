import PerennialServices

/// A purchase token an Android app sent, waiting for Google, as stored (sealed) in a job's payload.
struct PendingPlayPurchase: PendingPurchase {
    static let jobKind = "google.purchase.complete"
    static let noun = "Google Play purchase"

    var appID: String
    var appUserID: String
    var purchaseToken: String
    var productID: String

    /// One waiting job per customer and token: posting it again while it waits replaces it.
    var deduplicationKey: String {
        "google-purchase:\(appID):\(appUserID):\(SHA256Hex.digest(purchaseToken).prefix(32))"
    }
}
