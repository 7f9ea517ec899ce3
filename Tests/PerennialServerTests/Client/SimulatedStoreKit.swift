import Foundation
import PerennialClient
import PerennialSimulator

/// A `PurchaseStore` that buys from the App Store simulator for one App Store account, keeping unfinished
/// transactions as StoreKit does (across the client's "launches") and delivering updates when a test says.
final class SimulatedStoreKit: PurchaseStore, @unchecked Sendable {
    // @unchecked Sendable: every mutable property is only touched while `lock` is held.
    let simulator: AppStoreSimulator
    let account: String
    private let lock = NSLock()
    private var unfinished: [String: StoreTransaction] = [:]
    private var finishedIDs: [String] = []
    private var purchaseOptions: [StorePurchaseOptions] = []
    private var updates: AsyncStream<StoreTransaction>.Continuation?
    private var syncs = 0
    /// What the next purchase sheet ends with instead of paying (a cancel, Ask to Buy).
    var nextOutcome: StorePurchaseOutcome? {
        get { lock.withLock { outcome } }
        set { lock.withLock { outcome = newValue } }
    }
    private var outcome: StorePurchaseOutcome?

    init(simulator: AppStoreSimulator, account: String) {
        self.simulator = simulator
        self.account = account
    }

    /// Transaction ids finished, in order (a transaction finished twice appears twice).
    var finished: [String] { lock.withLock { finishedIDs } }
    /// The options every purchase came with.
    var options: [StorePurchaseOptions] { lock.withLock { purchaseOptions } }
    var unfinishedIDs: Set<String> { lock.withLock { Set(unfinished.keys) } }
    var syncCount: Int { lock.withLock { syncs } }

    func purchase(productID: String, options: StorePurchaseOptions) async throws -> StorePurchaseOutcome {
        if let outcome = lock.withLock({ () -> StorePurchaseOutcome? in
            purchaseOptions.append(options)
            defer { outcome = nil }
            return outcome
        }) { return outcome }
        let promotional = options.promotionalOffer.map {
            PromotionalOfferRequest.v1(offerID: $0.offerID, keyID: $0.keyID, nonce: $0.nonce.uuidString.lowercased(),
                                       timestamp: Int64($0.timestamp), signature: $0.signature)
        }
        let result = try await simulator.purchase(
            account: account, bundleID: TestHarness.bundleID, productID: productID,
            appAccountToken: options.appAccountToken?.uuidString.lowercased(), promotionalOffer: promotional)
        let transaction = try await self.transaction(result.transactionID)
        return .purchased(transaction)
    }

    /// The transaction as the App Store signs it now, remembered as unfinished.
    func transaction(_ id: String) async throws -> StoreTransaction {
        let signed = try await simulator.signedTransaction(transactionID: id)
        let summary = await simulator.report(account: account).subscriptions.first { $0.transactionIDs.contains(id) }
        let transaction = StoreTransaction(
            id: id, originalID: summary?.originalTransactionID ?? id, productID: summary?.productID ?? "", signedTransaction: signed)
        lock.withLock { unfinished[id] = transaction }
        return transaction
    }

    /// Hands the transaction to the app through `Transaction.updates` (a renewal, a refund, Ask to Buy).
    func deliverUpdate(_ id: String) async throws {
        let transaction = try await transaction(id)
        lock.withLock { _ = updates?.yield(transaction) }
    }

    func unfinishedTransactions() async -> [StoreTransaction] {
        lock.withLock { unfinished.values.sorted { $0.id < $1.id } }
    }

    func transactionUpdates() -> AsyncStream<StoreTransaction> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreTransaction.self)
        lock.withLock {
            updates?.finish()
            updates = continuation
        }
        return stream
    }

    /// The simulator's statuses under which StoreKit lists a subscription in `currentEntitlements`.
    static let grantingStatuses: Set<String> = ["trial", "intro", "active", "grace_period"]

    func currentEntitlements() async -> [StoreTransaction] {
        var transactions: [StoreTransaction] = []
        for summary in await simulator.report(account: account).subscriptions where Self.grantingStatuses.contains(summary.status) {
            if let signed = try? await simulator.signedTransaction(transactionID: summary.latestTransactionID) {
                transactions.append(StoreTransaction(
                    id: summary.latestTransactionID, originalID: summary.originalTransactionID, productID: summary.productID,
                    signedTransaction: signed))
            }
        }
        return transactions
    }

    func sync() async throws {
        lock.withLock { syncs += 1 }
    }

    func finish(_ transaction: StoreTransaction) async {
        lock.withLock {
            unfinished[transaction.id] = nil
            finishedIDs.append(transaction.id)
        }
    }
}
