import PerennialCore

extension PlayProductPurchase {
    /// The purchase as a fact: one transaction (its order, or its token when it has none), the token its
    /// subscription id. A pending purchase (state 2) gives none; a canceled one (state 1) is cancelled when it
    /// was bought.
    public func facts(token: String, observedAt: Instant) -> FactBatch {
        guard purchaseState != 2, let productID = productId else { return FactBatch() }
        let purchasedAt = purchaseTimeMillis.flatMap(Int64.init).map(Instant.init(milliseconds:)) ?? observedAt
        var fact = TransactionFact(
            store: .playStore, environment: purchaseType == 0 ? .sandbox : .production, transactionID: orderId ?? token,
            subscriptionID: token, productID: productID, purchasedAt: purchasedAt,
            cancelledAt: purchaseState == 1 ? purchasedAt : nil, quantity: max(1, quantity ?? 1),
            appAccountToken: obfuscatedExternalAccountId, observedAt: observedAt,
            isAcknowledged: acknowledgementState.map { $0 == 1 }
        )
        fact.storefront = regionCode
        return FactBatch(transactions: [fact])
    }
}
