import Foundation

/// The store on the device, behind a protocol: `StoreKit2PurchaseStore` on Apple platforms; tests give a
/// store of their own that buys from the App Store simulator.
public protocol PurchaseStore: Sendable {
    /// Shows the store's sheet for `productID` with `options`.
    func purchase(productID: String, options: StorePurchaseOptions) async throws -> StorePurchaseOutcome
    /// The transactions not finished yet (`Transaction.unfinished`): paid, but not known to be delivered.
    func unfinishedTransactions() async -> [StoreTransaction]
    /// Every transaction that arrives outside a purchase call (`Transaction.updates`): renewals, Ask to Buy
    /// approvals, refunds, purchases on other devices, offer codes. Called once, at start.
    func transactionUpdates() -> AsyncStream<StoreTransaction>
    /// The latest transaction of everything the store account owns now (`Transaction.currentEntitlements`).
    func currentEntitlements() async -> [StoreTransaction]
    /// Asks the store to bring the account's transactions up to date (`AppStore.sync()`, which may ask the
    /// customer to sign in).
    func sync() async throws
    /// Tells the store the transaction is delivered; it stops offering it again.
    func finish(_ transaction: StoreTransaction) async
}
