/// The cohort tests of `OfferRule`, over the customer's subscriptions in the offer's group.
struct OfferCohorts {
    let target: Product?
    let inGroup: [SubscriptionState]
    let catalog: Catalog
    let now: Instant
    let churnRisk: Int

    func matches(_ rule: OfferRule) -> Bool {
        switch rule {
        case .anySubscriber:
            return true
        case .winBack(let reasons, let minimumDays, let maximumDays):
            guard !inGroup.contains(where: { $0.status.grantsAccess }) else { return false }
            return inGroup.contains { state in
                guard state.status == .expired, let expiresAt = state.expiresAt else { return false }
                if let reasons, !reasons.contains(state.expirationReason ?? .unknown) { return false }
                let days = (now.milliseconds - expiresAt.milliseconds) / 86_400_000
                return days >= Int64(minimumDays ?? 0) && days <= Int64(maximumDays ?? Int.max)
            }
        case .retention:
            return inGroup.contains { $0.status.grantsAccess && !$0.willRenew }
        case .upgrade(let minimumRenewals):
            guard let targetLevel = target?.groupLevel else { return false }
            return inGroup.contains { state in
                guard state.status.grantsAccess, let level = catalog.product(state.productID, store: state.key.store)?.groupLevel, level > targetLevel
                else { return false }
                let renewsTo = state.renewsToProductID.flatMap { catalog.product($0, store: state.key.store)?.groupLevel }
                let downgradePending = renewsTo.map { $0 > level } ?? false
                return downgradePending || state.renewalCount >= minimumRenewals
            }
        case .loyalty(let minimumRenewals):
            return inGroup.contains { $0.status.grantsAccess && $0.renewalCount >= minimumRenewals }
        case .customerService:
            return false
        case .save(let threshold):
            return inGroup.contains { $0.status.grantsAccess || $0.status == .billingRetry } && churnRisk >= threshold
        }
    }
}
