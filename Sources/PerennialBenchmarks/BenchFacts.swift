import PerennialCore

/// The facts of the benchmarks' customers: each holds one yearly subscription bought `transactionsPerCustomer`
/// years ago and renewed every year since, auto-renew on, its current period ending some days from `now`.
struct BenchFacts: Sendable {
    /// How many transactions each customer's subscription has.
    var transactionsPerCustomer: Int = 3
    /// The instant the facts are laid out around.
    var now: Instant

    /// Customer `index`'s transactions, oldest first, and its renewal info.
    func facts(ofCustomer index: Int) -> (transactions: [TransactionFact], renewal: RenewalInfoFact) {
        let original = BenchApp.originalTransactionID(index)
        // The current period ends 30 to 330 days from now, spread over the customers.
        let currentEnd = now.adding(milliseconds: Int64(30 + index % 300) * 86_400_000)
        let firstPurchase = currentEnd.adding(milliseconds: -Int64(transactionsPerCustomer) * BenchApp.yearMilliseconds)
        var transactions: [TransactionFact] = []
        transactions.reserveCapacity(transactionsPerCustomer)
        for period in 0..<transactionsPerCustomer {
            let purchasedAt = firstPurchase.adding(milliseconds: Int64(period) * BenchApp.yearMilliseconds)
            let number = Int64(original)!
            let transactionID = period == 0 ? original : String(number + Int64(period))
            let webOrderLineItemID = String(number + 50 + Int64(period))
            transactions.append(TransactionFact(
                store: .appStore, environment: .sandbox, transactionID: transactionID,
                subscriptionID: original, productID: BenchApp.productID, purchasedAt: purchasedAt,
                originalPurchasedAt: firstPurchase, expiresAt: purchasedAt.adding(milliseconds: BenchApp.yearMilliseconds),
                webOrderLineItemID: webOrderLineItemID, subscriptionGroupID: "pro", observedAt: purchasedAt
            ))
        }
        let renewal = RenewalInfoFact(
            store: .appStore, environment: .sandbox, subscriptionID: original, productID: BenchApp.productID,
            willAutoRenew: true,
            autoRenewProductID: BenchApp.productID, observedAt: transactions.last?.purchasedAt ?? now
        )
        return (transactions, renewal)
    }
}
