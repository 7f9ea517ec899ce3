/// Answers "what is this customer entitled to now" from the states of everything they bought.
public struct EntitlementResolver: Sendable {
    public var catalog: Catalog

    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// The active entitlements, one per identifier, sorted. When several purchases grant the same
    /// entitlement, the one whose access lasts longest wins (a purchase that never expires beats any
    /// subscription), then the one that will renew.
    public func entitlements(from states: [SubscriptionState]) -> [Entitlement] {
        var best: [String: Entitlement] = [:]
        for state in states where state.grantsAccess {
            guard let product = catalog.product(state.productID, store: state.key.store) else { continue }
            for identifier in product.entitlements {
                let candidate = entitlement(identifier, from: state)
                if let current = best[identifier], !Self.isBetter(candidate, than: current) { continue }
                best[identifier] = candidate
            }
        }
        return best.values.sorted { $0.identifier < $1.identifier }
    }

    private func entitlement(_ identifier: String, from state: SubscriptionState) -> Entitlement {
        let inGrace = state.status == .gracePeriod
        return Entitlement(
            identifier: identifier, productID: state.productID, subscription: state.key,
            expiresAt: inGrace ? state.gracePeriodExpiresAt : state.expiresAt,
            willRenew: state.willRenew, periodType: state.periodType, isInGracePeriod: inGrace,
            billingIssueDetectedAt: state.billingIssueDetectedAt, ownership: state.ownership,
            environment: state.environment
        )
    }

    private static func isBetter(_ candidate: Entitlement, than current: Entitlement) -> Bool {
        if candidate.accessEndsAt != current.accessEndsAt { return candidate.accessEndsAt > current.accessEndsAt }
        if candidate.willRenew != current.willRenew { return candidate.willRenew }
        return candidate.subscription < current.subscription
    }
}
