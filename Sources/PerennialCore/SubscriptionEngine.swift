/// Folds the facts of a subscription into its state at an instant. A pure function of its inputs: the same
/// facts give the same state in whatever order they arrived, and duplicates change nothing.
public struct SubscriptionEngine: Sendable {
    /// The app's products; nil to infer each product's type from its facts.
    public var catalog: Catalog?

    public init(catalog: Catalog? = nil) {
        self.catalog = catalog
    }

    /// One state per subscription the batch mentions, sorted by key. A subscription known only through
    /// renewal info (no transaction) has no state.
    public func states(of batch: FactBatch, at instant: Instant) -> [SubscriptionState] {
        // A batch about one subscription (a subscriber's receipt, a notification) needs no grouping.
        let transactions = batch.transactions
        if let key = transactions.first?.subscriptionKey,
           transactions.indices.allSatisfy({
               transactions[$0].store == key.store && transactions[$0].subscriptionID == key.id
           }),
           batch.renewalInfos.allSatisfy({ $0.subscriptionKey == key }) {
            return state(transactions: transactions, renewalInfos: batch.renewalInfos, at: instant).map { [$0] } ?? []
        }
        let grouped = Dictionary(grouping: transactions, by: \.subscriptionKey)
        let renewals = Dictionary(grouping: batch.renewalInfos, by: \.subscriptionKey)
        return batch.subscriptionKeys.compactMap { key in
            state(transactions: grouped[key] ?? [], renewalInfos: renewals[key] ?? [], at: instant)
        }
    }

    /// The state of one subscription from all of its facts, or nil when it has no transaction.
    public func state(
        transactions: [TransactionFact], renewalInfos: [RenewalInfoFact], at instant: Instant
    ) -> SubscriptionState? {
        let history = TransactionHistory(transactions)
        guard let latest = history.deciding, let first = history.first else { return nil }
        let productType = productType(of: latest)
        var state = SubscriptionState(
            key: latest.subscriptionKey, environment: latest.environment, productType: productType,
            productID: latest.productID, status: .active, originalPurchasedAt: latest.originalPurchasedAt ?? first.purchasedAt,
            latestPurchasedAt: latest.purchasedAt, expiresAt: latest.expiresAt, ownership: latest.ownership,
            renewalCount: history.renewalCount, latestTransactionID: latest.transactionID,
            hasUsedIntroductoryOffer: history.hasUsedIntroductoryOffer,
            offerCodeRefName: latest.offerCodeRefName, promotionalOfferID: latest.promotionalOfferID
        )
        if let cancelledAt = latest.cancelledAt, cancelledAt <= instant {
            state.status = .revoked
            state.revokedAt = cancelledAt
            state.cancellationReason = latest.cancellationReason
            state.revocationReason = latest.ownership == .familyShared && latest.cancellationReason == nil
                ? .familySharingRevoked : .refund
            return state
        }
        switch productType {
        case .autoRenewable:
            applyRenewal(RenewalInfoFact.latest(of: renewalInfos), latest: latest, to: &state, at: instant)
        case .nonRenewing:
            let days = catalog?.product(latest.productID)?.durationDays
            state.expiresAt = latest.expiresAt ?? days.map { latest.purchasedAt.adding(milliseconds: Int64($0) * 86_400_000) }
            if let expiresAt = state.expiresAt, expiresAt <= instant {
                state.status = .expired
                state.expirationReason = .voluntary
            }
        case .nonConsumable, .consumable:
            break
        }
        return state
    }

    private func productType(of transaction: TransactionFact) -> ProductType {
        if let type = catalog?.product(transaction.productID)?.type { return type }
        return transaction.expiresAt == nil ? .nonConsumable : .autoRenewable
    }

    /// Auto-renewable subscriptions: the deciding period and the latest renewal info give the state.
    private func applyRenewal(
        _ renewal: RenewalInfoFact?, latest: TransactionFact, to state: inout SubscriptionState, at instant: Instant
    ) {
        state.renewalInfoObservedAt = renewal?.observedAt
        state.willRenew = renewal?.willAutoRenew ?? false
        state.renewsToProductID = renewal?.autoRenewProductID ?? renewal?.productID ?? latest.productID
        state.priceIncreaseConsent = renewal?.priceIncreaseConsent
        if let offer = renewal?.offerCodeRefName, state.offerCodeRefName == nil { state.offerCodeRefName = offer }
        state.periodType = latest.isTrialPeriod ? .trial : latest.isInIntroOfferPeriod ? .intro : .normal
        // Renewal info observed before the deciding period began describes an older period: it says nothing
        // about why this one ended.
        let current = renewal.flatMap { $0.observedAt >= latest.purchasedAt ? $0 : nil }
        var expiresAt = latest.expiresAt ?? latest.purchasedAt
        if let endedAt = current?.endedAt, endedAt < expiresAt {
            expiresAt = max(endedAt, latest.purchasedAt)
            state.expiresAt = expiresAt
        }
        if expiresAt > instant {
            state.status = latest.isTrialPeriod ? .trial : latest.isInIntroOfferPeriod ? .introductory : .active
            return
        }
        if let resumesAt = current?.pausedUntil, resumesAt > instant {
            state.status = .paused
            state.resumesAt = resumesAt
            return
        }
        if current?.isInBillingRetryPeriod == true {
            state.billingIssueDetectedAt = expiresAt
            if let grace = current?.gracePeriodExpiresAt, grace > instant {
                state.status = .gracePeriod
                state.gracePeriodExpiresAt = grace
            } else {
                state.status = .billingRetry
            }
            return
        }
        state.status = .expired
        state.willRenew = false
        if let reason = current?.expirationReason {
            state.expirationReason = reason
        } else if renewal?.willAutoRenew == false {
            state.expirationReason = .voluntary
        } else if let current, current.observedAt >= expiresAt {
            // The store reported on the subscription after the period ended, neither renewed nor retrying
            // billing, and gave no reason.
            state.expirationReason = .unknown
        }
        // Otherwise the period ended while the subscription was set to renew and the store has not reported
        // since: expired, reason nil until it does.
    }
}
