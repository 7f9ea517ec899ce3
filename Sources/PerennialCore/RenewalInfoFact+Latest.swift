extension RenewalInfoFact {
    /// The snapshot observed last. Two snapshots observed at the same instant are ordered by
    /// `tieBreakKey`, so the choice never depends on the order they arrived in.
    public static func latest(of snapshots: [RenewalInfoFact]) -> RenewalInfoFact? {
        snapshots.max { lhs, rhs in
            if lhs.observedAt != rhs.observedAt { return lhs.observedAt < rhs.observedAt }
            return lhs.tieBreakKey.lexicographicallyPrecedes(rhs.tieBreakKey)
        }
    }

    /// Every field but the subscription and the instant, each written as a presence byte, a 4-byte length and
    /// its UTF-8: equal keys mean equal snapshots, and keys compare byte by byte — as SQL compares BLOB and
    /// BYTEA values, so that storage keeps the same snapshot of two observed at one instant as the engine picks.
    public var tieBreakKey: [UInt8] {
        var key: [UInt8] = []
        let fields: [String?] = [
            environment.rawValue, productID, autoRenewProductID, willAutoRenew.map { $0 ? "1" : "0" },
            expirationReason?.rawValue, isInBillingRetryPeriod.map { $0 ? "1" : "0" },
            gracePeriodExpiresAt.map { String($0.milliseconds) },
            priceIncreaseConsent.map { $0 == .agreed ? "1" : "0" }, offerCodeRefName,
            promotionalOfferID,
        ]
        for field in fields + (pausedUntil.map { [String($0.milliseconds)] } ?? []) {
            guard let field else {
                key.append(0)
                continue
            }
            let bytes = Array(field.utf8)
            key.append(1)
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: bytes.count).bigEndian) { key.append(contentsOf: $0) }
            key.append(contentsOf: bytes)
        }
        // Fields added later come last, each after a marker of its own, so the keys of snapshots stored before
        // they existed (without them) do not change.
        if let endedAt {
            let bytes = Array(String(endedAt.milliseconds).utf8)
            key.append(2)
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: bytes.count).bigEndian) { key.append(contentsOf: $0) }
            key.append(contentsOf: bytes)
        }
        return key
    }
}
