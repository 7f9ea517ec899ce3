/// A receipt waiting to be validated, as stored (sealed) in a job's payload.
struct PendingReceipt: Codable, Sendable {
    static let jobKind = "receipt.validate"

    var appID: String
    var appUserID: String
    var receiptData: String

    var deduplicationKey: String { "receipt:\(appID):\(appUserID)" }
}
