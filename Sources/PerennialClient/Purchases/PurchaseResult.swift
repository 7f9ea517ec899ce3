import Foundation

/// How a purchase ended, and what the server said of the customer after it.
public struct PurchaseResult: Sendable {
    /// Where the purchase stands.
    public enum Status: String, Sendable, Hashable {
        /// The server verified the purchase and answered with the customer (access is in `customerInfo`).
        case validated
        /// The server has the verified purchase and completes its history with Apple (202); access counts.
        case pending
        /// Paid, but the server could not be reached: the transaction stays unfinished on the device and is
        /// sent again until the server has it (retried now and then, and at every launch). Nothing is lost;
        /// the app may grant access meanwhile at its own risk.
        case awaitingServer
        /// The store waits for approval (Ask to Buy): the transaction comes later through the updates.
        case awaitingApproval
        /// The customer cancelled the store's sheet.
        case cancelled
    }

    /// Where the purchase stands.
    public var status: Status
    /// The store's transaction, when there is one.
    public var transaction: StoreTransaction?
    /// The customer after the purchase, when the server answered.
    public var customerInfo: CustomerInfo?
}
