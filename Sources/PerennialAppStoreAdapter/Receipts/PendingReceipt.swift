import PerennialServices
/// A receipt waiting to be validated, as stored (sealed) in a job's payload.
struct PendingReceipt: PendingPurchase {
    static let jobKind = "receipt.validate"
    static let noun = "receipt"

    var appID: String
    var appUserID: String
    var receiptData: String

    var deduplicationKey: String { "receipt:\(appID):\(appUserID)" }
}
