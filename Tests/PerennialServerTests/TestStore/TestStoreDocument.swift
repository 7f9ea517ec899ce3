import PerennialCore

/// What the test store says about one subscription, in its own shape (not Perennial's): the store a new
/// adapter is written for, to show that a store is an adapter and nothing else.
struct TestStoreDocument: Codable, Sendable, Hashable {
    struct Order: Codable, Sendable, Hashable {
        var id: String
        var startMs: Int64
        var endMs: Int64
        var refundedMs: Int64?
        var acknowledged: Bool
    }

    var subscriptionID: String
    var appUserID: String
    var productID: String
    var orders: [Order]
    var autoRenew: Bool
    var billingRetry: Bool
    var graceUntilMs: Int64?
    var pausedUntilMs: Int64?
    /// When the store said this.
    var asOfMs: Int64

    /// The document as facts: every order a transaction, the renewal settings one renewal-info snapshot.
    func facts(store: Store) -> FactBatch {
        let transactions = orders.map { order in
            TransactionFact(
                store: store, environment: .sandbox, transactionID: order.id, subscriptionID: subscriptionID,
                productID: productID, purchasedAt: Instant(milliseconds: order.startMs),
                expiresAt: Instant(milliseconds: order.endMs), cancelledAt: order.refundedMs.map(Instant.init(milliseconds:)),
                appAccountToken: appUserID, observedAt: Instant(milliseconds: asOfMs), isAcknowledged: order.acknowledged
            )
        }
        var renewal = RenewalInfoFact(
            store: store, environment: .sandbox, subscriptionID: subscriptionID, productID: productID,
            willAutoRenew: autoRenew, isInBillingRetryPeriod: billingRetry,
            gracePeriodExpiresAt: graceUntilMs.map(Instant.init(milliseconds:)), observedAt: Instant(milliseconds: asOfMs)
        )
        renewal.pausedUntil = pausedUntilMs.map(Instant.init(milliseconds:))
        return FactBatch(transactions: transactions, renewalInfos: [renewal])
    }
}
