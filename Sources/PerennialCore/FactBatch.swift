/// Everything one input (a receipt, a notification) told us, translated into facts.
public struct FactBatch: Sendable, Hashable, Codable {
    public var transactions: [TransactionFact]
    public var renewalInfos: [RenewalInfoFact]
    /// Which customer the store says a subscription belongs to, when it says (Stripe's metadata).
    public var ownerClaims: [SubscriptionOwnerClaim]
    /// The store's names for subscriptions met for the first time (Google Play's purchase tokens), recorded
    /// in the same write as the facts.
    public var storeReferences: [StoreReference]

    public init(
        transactions: [TransactionFact] = [], renewalInfos: [RenewalInfoFact] = [], ownerClaims: [SubscriptionOwnerClaim] = [],
        storeReferences: [StoreReference] = []
    ) {
        self.transactions = transactions
        self.renewalInfos = renewalInfos
        self.ownerClaims = ownerClaims
        self.storeReferences = storeReferences
    }

    /// The subscriptions (or one-time purchases) this batch touches, sorted.
    public var subscriptionKeys: [SubscriptionKey] {
        Set(transactions.map(\.subscriptionKey) + renewalInfos.map(\.subscriptionKey)).sorted()
    }

    enum CodingKeys: String, CodingKey {
        case transactions, renewalInfos, ownerClaims, storeReferences
    }

    /// Decodes a batch; one encoded before owner claims or store references existed has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        transactions = try container.decode([TransactionFact].self, forKey: .transactions)
        renewalInfos = try container.decode([RenewalInfoFact].self, forKey: .renewalInfos)
        ownerClaims = try container.decodeIfPresent([SubscriptionOwnerClaim].self, forKey: .ownerClaims) ?? []
        storeReferences = try container.decodeIfPresent([StoreReference].self, forKey: .storeReferences) ?? []
    }
}
