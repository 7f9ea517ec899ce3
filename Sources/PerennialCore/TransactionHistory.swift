/// The transactions of one subscription, de-duplicated and ordered, with what each one was: the first
/// purchase, a renewal, or the start of a product change.
public struct TransactionHistory: Sendable, Hashable {
    /// What a transaction meant for its subscription.
    public enum Role: String, Sendable, Hashable {
        case firstPurchase = "first_purchase"
        case renewal
        case productChange = "product_change"
    }

    /// Every transaction once (copies merged), oldest first.
    public let transactions: [TransactionFact]
    /// Positions of the transactions cancelled by an upgrade (with a cancellation date): the only ones that
    /// can make a later transaction a product change, so `role(at:)` looks at these and not at every
    /// earlier transaction.
    private let upgradeCancellations: [Int]

    /// Merges copies of the same transaction and orders them by purchase date (then expiry, then id), so the
    /// result is the same whatever order the facts came in.
    public init(_ facts: [TransactionFact]) {
        var copies = MergedTransactionFacts(capacity: facts.count)
        for fact in facts { copies.add(fact) }
        let merged = copies.facts
        // Positions are sorted, not the facts: moving a fact costs more than comparing two.
        let order = merged.indices.sorted { lhsIndex, rhsIndex in
            let lhs = merged[lhsIndex], rhs = merged[rhsIndex]
            if lhs.purchasedAt != rhs.purchasedAt { return lhs.purchasedAt < rhs.purchasedAt }
            if lhs.expiresAt != rhs.expiresAt { return (lhs.expiresAt?.milliseconds ?? 0) < (rhs.expiresAt?.milliseconds ?? 0) }
            return lhs.transactionID < rhs.transactionID
        }
        let ordered = order.map { merged[$0] }
        transactions = ordered
        upgradeCancellations = ordered.indices.filter { ordered[$0].isUpgraded && ordered[$0].cancelledAt != nil }
    }

    /// The first purchase.
    public var first: TransactionFact? { transactions.first }

    /// The transaction that decides the state: of those not cancelled by an upgrade, the one whose period
    /// ends last ("the latest period wins").
    public var deciding: TransactionFact? {
        let hasCandidates = transactions.contains { !$0.isUpgraded }
        var best: Int?
        for index in transactions.indices where !hasCandidates || !transactions[index].isUpgraded {
            if let current = best, !Self.decidesBefore(transactions[current], transactions[index]) { continue }
            best = index
        }
        return best.map { transactions[$0] }
    }

    /// Whether `lhs` comes before `rhs` in the order `deciding` takes the maximum of: period end, then
    /// purchase date, then id.
    private static func decidesBefore(_ lhs: TransactionFact, _ rhs: TransactionFact) -> Bool {
        let lhsEnd = lhs.expiresAt ?? lhs.purchasedAt, rhsEnd = rhs.expiresAt ?? rhs.purchasedAt
        if lhsEnd != rhsEnd { return lhsEnd < rhsEnd }
        if lhs.purchasedAt != rhs.purchasedAt { return lhs.purchasedAt < rhs.purchasedAt }
        return lhs.transactionID < rhs.transactionID
    }

    /// What the transaction at `index` was.
    public func role(at index: Int) -> Role {
        guard index > 0 else { return .firstPurchase }
        let purchasedAt = transactions[index].purchasedAt.milliseconds
        let startsChange = upgradeCancellations.contains { earlier in
            guard earlier < index, let cancelledAt = transactions[earlier].cancelledAt else { return false }
            return abs(cancelledAt.milliseconds - purchasedAt) <= Self.changeTolerance
        }
        return startsChange ? .productChange : .renewal
    }

    /// The transaction before `index` that was not cancelled by an upgrade.
    public func previousPeriod(before index: Int) -> TransactionFact? {
        transactions[..<index].last { !$0.isUpgraded }
    }

    /// How many transactions were renewals.
    public var renewalCount: Int {
        transactions.indices.reduce(0) { count, index in role(at: index) == .renewal ? count + 1 : count }
    }

    /// Whether any period was a free trial or an introductory offer.
    public var hasUsedIntroductoryOffer: Bool {
        transactions.contains { $0.isTrialPeriod || $0.isInIntroOfferPeriod }
    }

    /// How far apart an upgrade's cancellation and the new product's purchase may be (one minute).
    static let changeTolerance: Int64 = 60_000
}
