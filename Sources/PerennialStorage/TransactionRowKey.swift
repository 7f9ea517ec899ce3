import PerennialCore

/// What identifies a row of `transactions` within an app: the store and its transaction id, compared byte
/// for byte as the database compares it (not by Swift's canonical equivalence).
struct TransactionRowKey: Hashable, Sendable {
    var store: Store
    var transactionID: ExactString

    init(store: Store, transactionID: String) {
        self.store = store
        self.transactionID = ExactString(transactionID)
    }
}
