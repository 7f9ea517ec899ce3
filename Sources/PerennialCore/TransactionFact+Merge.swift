extension TransactionFact {
    /// Combines two copies of the same transaction (same store and transaction id) that arrived at different
    /// times or through different inputs (`in_app` and `latest_receipt_info`, a receipt and a notification).
    ///
    /// The result does not depend on which copy came first, nor on how several copies are grouped. The copy
    /// the store vouched for last (`observedAt`; an undated copy counts as the oldest) decides the refund
    /// fields, so a reversed refund clears the cancellation; between copies of the same date information is
    /// only added (a cancellation stays, the earliest instant wins). An upgrade flag seen once stays, and the
    /// latest expiry wins (Apple moves expiry later when it extends a renewal date). A price, tax or
    /// storefront that one copy lacks comes from the other (two that differ: the larger, so the order never matters).
    /// An acknowledgement seen once stays. The earliest purchase date wins (a store that does not say when a
    /// renewal was charged, Google Play, dates it when first seen).
    public func merged(with other: TransactionFact) -> TransactionFact {
        var result = self
        let mine = observedAt?.milliseconds ?? .min, theirs = other.observedAt?.milliseconds ?? .min
        if mine != theirs {
            let later = mine > theirs ? self : other
            result.cancelledAt = later.cancelledAt
            result.cancellationReason = later.cancellationReason
        } else {
            result.cancelledAt = Self.earliest(cancelledAt, other.cancelledAt)
            result.cancellationReason = Self.larger(cancellationReason, other.cancellationReason)
        }
        result.observedAt = Self.latest(observedAt, other.observedAt)
        result.purchasedAt = min(purchasedAt, other.purchasedAt)
        result.isUpgraded = isUpgraded || other.isUpgraded
        result.expiresAt = Self.latest(expiresAt, other.expiresAt)
        result.originalPurchasedAt = Self.earliest(originalPurchasedAt, other.originalPurchasedAt)
        result.isTrialPeriod = isTrialPeriod || other.isTrialPeriod
        result.isInIntroOfferPeriod = isInIntroOfferPeriod || other.isInIntroOfferPeriod
        result.webOrderLineItemID = Self.larger(webOrderLineItemID, other.webOrderLineItemID)
        result.subscriptionGroupID = Self.larger(subscriptionGroupID, other.subscriptionGroupID)
        result.offerCodeRefName = Self.larger(offerCodeRefName, other.offerCodeRefName)
        result.promotionalOfferID = Self.larger(promotionalOfferID, other.promotionalOfferID)
        result.appAccountToken = Self.larger(appAccountToken, other.appAccountToken)
        result.price = Self.larger(price, other.price)
        result.tax = Self.larger(tax, other.tax)
        result.storefront = Self.larger(storefront, other.storefront)
        if other.ownership == .familyShared { result.ownership = .familyShared }
        if isAcknowledged == true || other.isAcknowledged == true {
            result.isAcknowledged = true
        } else {
            result.isAcknowledged = isAcknowledged ?? other.isAcknowledged
        }
        return result
    }

    private static func earliest(_ lhs: Instant?, _ rhs: Instant?) -> Instant? {
        guard let lhs else { return rhs }
        guard let rhs else { return lhs }
        return min(lhs, rhs)
    }

    private static func latest(_ lhs: Instant?, _ rhs: Instant?) -> Instant? {
        guard let lhs else { return rhs }
        guard let rhs else { return lhs }
        return max(lhs, rhs)
    }

    /// Keeps whichever value is present; when both are, the larger, so the choice is order-independent.
    private static func larger<Value: Comparable>(_ lhs: Value?, _ rhs: Value?) -> Value? {
        guard let lhs else { return rhs }
        guard let rhs else { return lhs }
        return max(lhs, rhs)
    }
}
