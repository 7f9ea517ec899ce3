/// An event before `SimulatorState.apply` stamps it with its sequence, instant and owner.
struct EventDraft: Sendable {
    var kind: SimulatorEventKind
    var owner: ReceiptOwner
    /// The subscription or, for one-time purchases, the transaction's original transaction id.
    var originalTransactionID: String
    var transactionID: String?
    var productID: String
    var details: [String: String] = [:]
}
