import Foundation

/// How the store's purchase sheet ended.
public enum StorePurchaseOutcome: Sendable, Hashable {
    /// Paid: the transaction to send to the server (and finish once it has it).
    case purchased(StoreTransaction)
    /// Waiting for approval (Ask to Buy, a bank's check): the transaction comes later through the updates.
    case pending
    /// The customer cancelled.
    case cancelled
}
