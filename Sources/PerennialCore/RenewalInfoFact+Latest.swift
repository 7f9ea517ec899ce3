extension RenewalInfoFact {
    /// The snapshot observed last. Two snapshots observed at the same instant are ordered by their content,
    /// so the choice never depends on the order they arrived in.
    public static func latest(of snapshots: [RenewalInfoFact]) -> RenewalInfoFact? {
        snapshots.max { lhs, rhs in
            if lhs.observedAt != rhs.observedAt { return lhs.observedAt < rhs.observedAt }
            return lhs.tieBreaker < rhs.tieBreaker
        }
    }

    private var tieBreaker: String {
        [
            productID, autoRenewProductID ?? "", willAutoRenew.map { $0 ? "1" : "0" } ?? "",
            expirationReason?.rawValue ?? "", isInBillingRetryPeriod.map { $0 ? "1" : "0" } ?? "",
            gracePeriodExpiresAt.map { String($0.milliseconds) } ?? "", priceConsentStatus ?? "",
        ].joined(separator: "|")
    }
}
