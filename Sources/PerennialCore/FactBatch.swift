/// Everything one input (a receipt, a notification) told us, translated into facts.
public struct FactBatch: Sendable, Hashable, Codable {
    public var transactions: [TransactionFact]
    public var renewalInfos: [RenewalInfoFact]
    /// Which customer the store says a subscription belongs to, when it says (Stripe's metadata).
    public var ownerClaims: [SubscriptionOwnerClaim]

    public init(
        transactions: [TransactionFact] = [], renewalInfos: [RenewalInfoFact] = [], ownerClaims: [SubscriptionOwnerClaim] = []
    ) {
        self.transactions = transactions
        self.renewalInfos = renewalInfos
        self.ownerClaims = ownerClaims
    }

    /// The subscriptions (or one-time purchases) this batch touches, sorted.
    public var subscriptionKeys: [SubscriptionKey] {
        Set(transactions.map(\.subscriptionKey) + renewalInfos.map(\.subscriptionKey)).sorted()
    }

    enum CodingKeys: String, CodingKey {
        case transactions, renewalInfos, ownerClaims
    }

    /// Decodes a batch; one encoded before owner claims existed has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        transactions = try container.decode([TransactionFact].self, forKey: .transactions)
        renewalInfos = try container.decode([RenewalInfoFact].self, forKey: .renewalInfos)
        ownerClaims = try container.decodeIfPresent([SubscriptionOwnerClaim].self, forKey: .ownerClaims) ?? []
    }
}
