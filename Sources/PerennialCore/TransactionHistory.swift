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

    /// Merges copies of the same transaction and orders them by purchase date (then expiry, then id), so the
    /// result is the same whatever order the facts came in.
    public init(_ facts: [TransactionFact]) {
        var byID: [String: TransactionFact] = [:]
        for fact in facts {
            byID[fact.transactionID] = byID[fact.transactionID].map { $0.merged(with: fact) } ?? fact
        }
        transactions = byID.values.sorted { lhs, rhs in
            if lhs.purchasedAt != rhs.purchasedAt { return lhs.purchasedAt < rhs.purchasedAt }
            if lhs.expiresAt != rhs.expiresAt { return (lhs.expiresAt?.milliseconds ?? 0) < (rhs.expiresAt?.milliseconds ?? 0) }
            return lhs.transactionID < rhs.transactionID
        }
    }

    /// The first purchase.
    public var first: TransactionFact? { transactions.first }

    /// The transaction that decides the state: of those not cancelled by an upgrade, the one whose period
    /// ends last ("the latest period wins").
    public var deciding: TransactionFact? {
        let candidates = transactions.filter { !$0.isUpgraded }
        return (candidates.isEmpty ? transactions : candidates).max { lhs, rhs in
            let lhsEnd = lhs.expiresAt ?? lhs.purchasedAt, rhsEnd = rhs.expiresAt ?? rhs.purchasedAt
            if lhsEnd != rhsEnd { return lhsEnd < rhsEnd }
            if lhs.purchasedAt != rhs.purchasedAt { return lhs.purchasedAt < rhs.purchasedAt }
            return lhs.transactionID < rhs.transactionID
        }
    }

    /// What the transaction at `index` was.
    public func role(at index: Int) -> Role {
        guard index > 0 else { return .firstPurchase }
        let transaction = transactions[index]
        let startsChange = transactions[..<index].contains { earlier in
            guard earlier.isUpgraded, let cancelledAt = earlier.cancelledAt else { return false }
            return abs(cancelledAt.milliseconds - transaction.purchasedAt.milliseconds) <= Self.changeTolerance
        }
        return startsChange ? .productChange : .renewal
    }

    /// The transaction before `index` that was not cancelled by an upgrade.
    public func previousPeriod(before index: Int) -> TransactionFact? {
        transactions[..<index].last { !$0.isUpgraded }
    }

    /// How many transactions were renewals.
    public var renewalCount: Int {
        transactions.indices.filter { role(at: $0) == .renewal }.count
    }

    /// Whether any period was a free trial or an introductory offer.
    public var hasUsedIntroductoryOffer: Bool {
        transactions.contains { $0.isTrialPeriod || $0.isInIntroOfferPeriod }
    }

    /// How far apart an upgrade's cancellation and the new product's purchase may be (one minute).
    static let changeTolerance: Int64 = 60_000
}
