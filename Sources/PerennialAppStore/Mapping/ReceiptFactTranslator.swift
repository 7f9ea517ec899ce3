import PerennialCore

/// Translates a verifyReceipt response into store-neutral facts. It translates, it never decides: the
/// subscription engine draws the conclusions.
public struct ReceiptFactTranslator: Sendable {
    /// Creates a translator.
    public init() {}

    /// The facts in `response`.
    ///
    /// Every entry of `receipt.in_app` and `latest_receipt_info` becomes a transaction fact; copies of one
    /// transaction are merged (`TransactionFact.merged(with:)`). Every entry of `pending_renewal_info` becomes a
    /// renewal-info fact observed at the receipt's `request_date`, else its `receipt_creation_date`, else
    /// `fallbackObservedAt` (the moment the response was received).
    public func translate(_ response: VerifyReceiptResponse, fallbackObservedAt: Instant) -> ReceiptTranslation {
        let environment = response.storeEnvironment
        let observedAt = response.receipt?.requestDate ?? response.receipt?.receiptCreationDate ?? fallbackObservedAt
        let entries = (response.receipt?.inApp ?? []) + (response.latestReceiptInfo ?? [])
        var skippedEntries = 0
        // One fact per transaction id; `firstCopies` holds, at the same positions, the entry each came from first.
        var merged = MergedTransactionFacts(capacity: entries.count), firstCopies: [InAppPurchaseReceipt] = []
        for entry in entries {
            let id = entry.fields.identifier(.transactionID)
            // `in_app` and `latest_receipt_info` usually hold the same transactions, written the same way. A copy
            // whose text is byte for byte the first one's gives the same fact, and merging a fact with itself
            // changes nothing: it is not translated again.
            if let id, let position = merged.position(of: id), firstCopies[position].fields.hasSameText(as: entry.fields) {
                continue
            }
            guard var fact = entry.transactionFact(environment: environment, transactionID: id, after: merged.facts) else {
                skippedEntries += 1
                continue
            }
            // Every copy in one response is vouched for at the response's request date.
            fact.observedAt = observedAt
            if merged.add(consume fact) { firstCopies.append(entry) }
        }
        let transactions = Self.sorted(merged.facts)

        var skippedRenewalInfos = 0
        var renewalInfos: [RenewalInfoFact] = []
        for info in response.pendingRenewalInfo ?? [] {
            guard let fact = info.renewalInfoFact(environment: environment, observedAt: observedAt) else {
                skippedRenewalInfos += 1
                continue
            }
            renewalInfos.append(fact)
        }
        return ReceiptTranslation(
            batch: FactBatch(transactions: transactions, renewalInfos: renewalInfos),
            skippedEntries: skippedEntries, skippedRenewalInfos: skippedRenewalInfos
        )
    }

    /// `facts` in `precedes` order; as they are when already in it (a receipt's entries usually are).
    static func sorted(_ facts: [TransactionFact]) -> [TransactionFact] {
        facts.sortedByPosition(precedes)
    }

    /// A stable order of the facts at `lhs` and `rhs`: by subscription, then purchase date, then transaction
    /// id. (Read in place by position: passing the facts themselves would copy them.)
    static func precedes(_ facts: [TransactionFact], _ lhs: Int, _ rhs: Int) -> Bool {
        if facts[lhs].subscriptionID != facts[rhs].subscriptionID {
            return facts[lhs].subscriptionID < facts[rhs].subscriptionID
        }
        if facts[lhs].purchasedAt != facts[rhs].purchasedAt { return facts[lhs].purchasedAt < facts[rhs].purchasedAt }
        return facts[lhs].transactionID < facts[rhs].transactionID
    }
}
