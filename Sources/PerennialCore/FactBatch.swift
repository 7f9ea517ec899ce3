/// Everything one input (a receipt, a notification) told us, translated into facts.
public struct FactBatch: Sendable, Hashable, Codable {
    public var transactions: [TransactionFact]
    public var renewalInfos: [RenewalInfoFact]

    public init(transactions: [TransactionFact] = [], renewalInfos: [RenewalInfoFact] = []) {
        self.transactions = transactions
        self.renewalInfos = renewalInfos
    }

    /// The subscriptions (or one-time purchases) this batch touches, sorted.
    public var subscriptionKeys: [SubscriptionKey] {
        Set(transactions.map(\.subscriptionKey) + renewalInfos.map(\.subscriptionKey)).sorted()
    }
}
