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
            // `in_app` and `latest_receipt_info` usually hold the same transactions, written the same way. A copy
            // whose text is byte for byte the first one's gives the same fact, and merging a fact with itself
            // changes nothing: it is not translated again.
            if let id = entry.fields.identifier(.transactionID), let position = merged.position(of: id),
               firstCopies[position].fields.hasSameText(as: entry.fields) {
                continue
            }
            guard var fact = entry.transactionFact(environment: environment) else {
                skippedEntries += 1
                continue
            }
            // Every copy in one response is vouched for at the response's request date.
            fact.observedAt = observedAt
            if merged.add(fact) { firstCopies.append(entry) }
        }
        // Sorted by position: moving the facts themselves costs more than comparing them.
        let unsorted = merged.facts
        let transactions = unsorted.indices.sorted { Self.precedes(unsorted[$0], unsorted[$1]) }.map { unsorted[$0] }

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

    /// A stable order: by subscription, then purchase date, then transaction id.
    static func precedes(_ lhs: TransactionFact, _ rhs: TransactionFact) -> Bool {
        if lhs.originalTransactionID != rhs.originalTransactionID { return lhs.originalTransactionID < rhs.originalTransactionID }
        if lhs.purchasedAt != rhs.purchasedAt { return lhs.purchasedAt < rhs.purchasedAt }
        return lhs.transactionID < rhs.transactionID
    }
}
