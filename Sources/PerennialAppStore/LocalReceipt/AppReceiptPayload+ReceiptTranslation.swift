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
        var byTransactionID: [String: TransactionFact] = [:]
        for purchase in inAppPurchases {
            guard let fact = purchase.transactionFact(environment: environment) else {
                skipped += 1
                continue
            }
            byTransactionID[fact.transactionID] = byTransactionID[fact.transactionID].map { $0.merged(with: fact) } ?? fact
        }
        let transactions = byTransactionID.values.sorted(by: ReceiptFactTranslator.precedes)
        return ReceiptTranslation(batch: FactBatch(transactions: transactions), skippedEntries: skipped)
    }

    /// The facts of `translation()`.
    public var factBatch: FactBatch { translation().batch }
}
