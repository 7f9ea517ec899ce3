/// Decides offer eligibility from the engine's states: Apple's own rule first (the customer has, or had,
/// an auto-renewable subscription in the app), then the offer's cohort, then its limits.
public struct OfferEligibility: Sendable {
    public var catalog: Catalog

    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// Whether introductory offers (free trials, introductory prices) of a subscription group may still be
    /// offered: none of the customer's periods in that group was a trial or an introductory period.
    public func isEligibleForIntroductoryOffer(group: String, states: [SubscriptionState]) -> Bool {
        !states.contains { state in
            state.hasUsedIntroductoryOffer && catalog.product(state.productID, store: state.key.store)?.subscriptionGroup == group
        }
    }

    /// The decision for one offer. `signaturesOfOffer` and `lastSignatureAt` describe the offer signatures
    /// this customer was already given (for the limit and the cool-down). `isGranted`: a team member granted
    /// this offer to the customer and the grant has not expired — it replaces the cohort and the cool-down,
    /// not Apple's own rule.
    public func decide(
        _ offer: SubscriptionOffer, states: [SubscriptionState], signaturesOfOffer: Int, lastSignatureAt: Instant?,
        isGranted: Bool = false, signals: EngagementSignals? = nil, at now: Instant
    ) -> OfferDecision {
        let subscriptions = states.filter { $0.productType == .autoRenewable }
        guard !subscriptions.isEmpty else { return .ineligible(reason: "never_subscribed") }
        if isGranted { return .eligible(rule: OfferRule.customerService.name) }
        if let limit = offer.maximumRedemptions, signaturesOfOffer >= limit { return .ineligible(reason: "redemption_limit") }
        if let days = offer.cooldownDays, let last = lastSignatureAt, last.adding(milliseconds: Int64(days) * 86_400_000) > now {
            return .ineligible(reason: "cooling_down")
        }
        let target = catalog.product(offer.productID)
        let inGroup = subscriptions.filter {
            target?.subscriptionGroup != nil && catalog.product($0.productID, store: $0.key.store)?.subscriptionGroup == target?.subscriptionGroup
        }
        let risk = ChurnRisk.score(states: inGroup, signals: signals, at: now)
        return OfferCohorts(target: target, inGroup: inGroup, catalog: catalog, now: now, churnRisk: risk).matches(offer.rule)
            ? .eligible(rule: offer.rule.name) : .ineligible(reason: "not_in_cohort")
    }
}
