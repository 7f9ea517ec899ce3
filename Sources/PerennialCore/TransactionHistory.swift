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
        // Facts already merged and in order (a receipt's, as the translator gives them) are kept as they are:
        // copying a fact costs more than checking.
        var merged = facts
        if !Self.hasDistinctIDs(facts) {
            var copies = MergedTransactionFacts(capacity: facts.count)
            for fact in facts { copies.add(fact) }
            merged = copies.facts
        }
        let ordered = merged.sortedByPosition(Self.precedes)
        transactions = ordered
        upgradeCancellations = ordered.indices.filter { ordered[$0].isUpgraded && ordered[$0].cancelledAt != nil }
    }

    /// Whether no two facts have the same transaction id.
    private static func hasDistinctIDs(_ facts: [TransactionFact]) -> Bool {
        var seen = Set<ExactString>(minimumCapacity: facts.count)
        for index in facts.indices where !seen.insert(ExactString(facts[index].transactionID)).inserted { return false }
        return true
    }

    /// Whether the fact at `lhs` comes before the one at `rhs` in a history: by purchase date, then expiry,
    /// then id. (Read in place by position: passing the facts themselves would copy them.)
    private static func precedes(_ facts: [TransactionFact], _ lhs: Int, _ rhs: Int) -> Bool {
        if facts[lhs].purchasedAt != facts[rhs].purchasedAt { return facts[lhs].purchasedAt < facts[rhs].purchasedAt }
        if facts[lhs].expiresAt != facts[rhs].expiresAt {
            return (facts[lhs].expiresAt?.milliseconds ?? 0) < (facts[rhs].expiresAt?.milliseconds ?? 0)
        }
        return facts[lhs].transactionID < facts[rhs].transactionID
    }

    /// The first purchase.
    public var first: TransactionFact? { transactions.first }

    /// The transaction that decides the state: of those not cancelled by an upgrade, the one whose period
    /// ends last ("the latest period wins").
    public var deciding: TransactionFact? {
        let hasCandidates = transactions.indices.contains { !transactions[$0].isUpgraded }
        var best: Int?
        for index in transactions.indices where !hasCandidates || !transactions[index].isUpgraded {
            if let current = best, !decidesBefore(current, index) { continue }
            best = index
        }
        return best.map { transactions[$0] }
    }

    /// Whether the transaction at `lhs` comes before the one at `rhs` in the order `deciding` takes the
    /// maximum of: period end, then purchase date, then id. (Read in place, as `precedes` reads.)
    private func decidesBefore(_ lhs: Int, _ rhs: Int) -> Bool {
        let lhsEnd = transactions[lhs].expiresAt ?? transactions[lhs].purchasedAt
        let rhsEnd = transactions[rhs].expiresAt ?? transactions[rhs].purchasedAt
        if lhsEnd != rhsEnd { return lhsEnd < rhsEnd }
        if transactions[lhs].purchasedAt != transactions[rhs].purchasedAt {
            return transactions[lhs].purchasedAt < transactions[rhs].purchasedAt
        }
        return transactions[lhs].transactionID < transactions[rhs].transactionID
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
        transactions.indices.count { role(at: $0) == .renewal }
    }

    /// Whether any period was a free trial or an introductory offer.
    public var hasUsedIntroductoryOffer: Bool {
        transactions.indices.contains { transactions[$0].isTrialPeriod || transactions[$0].isInIntroOfferPeriod }
    }

    /// How far apart an upgrade's cancellation and the new product's purchase may be (one minute).
    static let changeTolerance: Int64 = 60_000
}
