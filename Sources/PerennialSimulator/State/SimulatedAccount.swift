import PerennialCore

/// One receipt's history: the transactions of one account in one app and environment.
struct SimulatedAccount: Sendable {
    var owner: ReceiptOwner
    /// The first purchase (`receipt.original_purchase_date`).
    var createdAt: Instant
    /// The last change (`receipt.receipt_creation_date`).
    var updatedAt: Instant
    /// Every transaction, in the order they were made.
    var transactionIDs: [String] = []
}
