import PerennialCore

extension AppReceiptPayload {
    /// The receipt's purchases as store-neutral facts, in the environment its receipt type names.
    ///
    /// One transaction fact per transaction id (copies merged with `TransactionFact.merged(with:)`), in a
    /// stable order; purchases without a product id, transaction id or purchase date are counted in
    /// `skippedEntries`. App receipts carry no renewal information. Translate only a payload whose signature
    /// verified.
    public func translation() -> ReceiptTranslation {
        let environment = storeEnvironment
        var skipped = 0
        var merged = MergedTransactionFacts(capacity: inAppPurchases.count)
        for purchase in inAppPurchases {
            guard let fact = purchase.transactionFact(environment: environment) else {
                skipped += 1
                continue
            }
            merged.add(fact)
        }
        return ReceiptTranslation(
            batch: FactBatch(transactions: ReceiptFactTranslator.sorted(merged.facts)), skippedEntries: skipped
        )
    }

    /// The facts of `translation()`.
    public var factBatch: FactBatch { translation().batch }
}
