/// The events a change of renewal status stands for: auto-renew turned off or on, a billing issue, a grace
/// period, a recovery, an expiry the store confirmed, a pause, consent to a price increase.
enum StateEvents {
    static func between(_ before: SubscriptionState?, _ after: SubscriptionState, at instant: Instant) -> [LifecycleEvent] {
        guard after.productType == .autoRenewable else {
            return after.status == .expired && before?.status != .expired
                ? [LifecycleEvent(after, .expiration, at: after.expiresAt ?? instant, ["reason": ExpirationReason.voluntary.rawValue])]
                : []
        }
        var events: [LifecycleEvent] = []
        // Auto-renew changes are compared between two states of a live subscription: once a period has
        // ended, `willRenew` reads false whatever the customer chose.
        let wasCurrent = before.map(isLive) ?? true
        if isLive(after), wasCurrent, after.renewalInfoObservedAt != nil {
            let wasRenewing = before?.renewalInfoObservedAt == nil ? true : before?.willRenew ?? true
            if wasRenewing, !after.willRenew {
                events.append(LifecycleEvent(after, .autoRenewDisabled, at: instant))
            } else if !wasRenewing, after.willRenew {
                events.append(LifecycleEvent(after, .autoRenewEnabled, at: instant))
            }
        }
        let hadIssue = before.map(hasBillingIssue) ?? false
        if hasBillingIssue(after), !hadIssue {
            events.append(LifecycleEvent(after, .billingIssue, at: after.billingIssueDetectedAt ?? instant))
        }
        if after.status == .gracePeriod, before?.status != .gracePeriod {
            events.append(LifecycleEvent(after, .gracePeriodStarted, at: after.billingIssueDetectedAt ?? instant))
        }
        if hadIssue, after.status.grantsAccess, !hasBillingIssue(after) {
            events.append(LifecycleEvent(after, .billingRecovered, at: after.latestPurchasedAt))
        }
        if let reason = after.expirationReason, after.status == .expired, !(before.map(isConfirmedExpiry) ?? false) {
            events.append(LifecycleEvent(after, .expiration, at: after.expiresAt ?? instant, ["reason": reason.rawValue]))
        }
        if after.status == .paused, before?.status != .paused, let resumesAt = after.resumesAt {
            events.append(LifecycleEvent(after, .paused, at: after.expiresAt ?? instant, ["resumes_at": "\(resumesAt)"]))
        }
        if after.priceIncreaseConsent == .agreed, before?.priceIncreaseConsent != .agreed {
            events.append(LifecycleEvent(after, .priceIncreaseConsent, at: instant))
        }
        return events
    }

    private static func isLive(_ state: SubscriptionState) -> Bool {
        state.status.grantsAccess || state.status == .billingRetry
    }

    private static func hasBillingIssue(_ state: SubscriptionState) -> Bool {
        state.status == .gracePeriod || state.status == .billingRetry
    }

    private static func isConfirmedExpiry(_ state: SubscriptionState) -> Bool {
        state.status == .expired && state.expirationReason != nil
    }
}
