/// A subscription due for a status check, and the customer who owns it.
public struct PollCandidate: Sendable, Hashable {
    public var originalTransactionID: String
    public var ownerAppUserID: String

    public init(originalTransactionID: String, ownerAppUserID: String) {
        self.originalTransactionID = originalTransactionID
        self.ownerAppUserID = ownerAppUserID
    }
}
