import PerennialServices
/// A signed transaction waiting for Apple, as stored (sealed) in a job's payload.
struct PendingTransaction: PendingPurchase {
    static let jobKind = "transaction.complete"
    static let noun = "transaction"

    var appID: String
    var appUserID: String
    var signedTransaction: String

    /// One waiting job per customer and transaction: posting it again while it waits replaces it.
    var deduplicationKey: String {
        "transaction:\(appID):\(appUserID):\(SHA256Hex.digest(signedTransaction).prefix(32))"
    }
}
