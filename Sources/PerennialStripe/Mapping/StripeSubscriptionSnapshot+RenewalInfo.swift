import PerennialCore

extension StripeSubscriptionSnapshot {
    /// The pause of a subscription paused with no date to resume (`status: paused`, or `pause_collection`
    /// without `resumes_at`): the engine keeps it paused while `pausedUntil` is ahead, so the end of
    /// 9999-12-31 stands for "until someone resumes it".
    public static let openEndedPause = Instant(milliseconds: 253_402_300_799_999)

    /// While `past_due` with `grace`, access lasts until Stripe's next attempt plus this margin (one hour),
    /// so the webhook of that attempt's result has time to arrive.
    public static let graceMargin: Int64 = 3_600_000

    /// The subscription's renewal info at `observedAt`, from its status:
    ///
    /// - `trialing`, `active`: renews unless `cancel_at_period_end`, or `cancel_at` falls by the period's end.
    /// - `past_due`: billing retry; with `grace`, a grace period until the open invoice's
    ///   `next_payment_attempt` + `graceMargin` (none once Stripe plans no further attempt).
    /// - `unpaid`, `incomplete_expired`: expired for billing, not renewing.
    /// - `canceled`: not renewing, ended at `ended_at` (before the paid period's end when cancelled at once);
    ///   `cancellation_requested` is voluntary, `payment_failed` and `payment_disputed` billing,
    ///   `canceled_by_retention_policy` the seller's; no reason is `unknown`.
    /// - `paused`, or `pause_collection` set: paused until `resumes_at`, or `openEndedPause`.
    ///
    /// `productID` is the product of the latest paid period; `autoRenewProductID` the subscription's price
    /// now, when it differs (a change that takes effect at the next invoice).
    func renewalInfo(latestProductID: String?) -> RenewalInfoFact? {
        let currentPrice = subscription.primaryItem?.price?.id
        guard let productID = latestProductID ?? currentPrice else { return nil }
        var info = RenewalInfoFact(
            store: .stripe, environment: environment, subscriptionID: subscription.id, productID: productID,
            autoRenewProductID: currentPrice == productID ? nil : currentPrice, observedAt: observedAt
        )
        let status = subscription.status
        switch status {
        case .trialing, .active:
            info.willAutoRenew = !endsAtPeriodEnd
        case .pastDue:
            info.willAutoRenew = !endsAtPeriodEnd
            info.isInBillingRetryPeriod = true
            if pastDueAccess == .grace { info.gracePeriodExpiresAt = graceEnd }
        case .incomplete:
            info.willAutoRenew = true
            info.isInBillingRetryPeriod = true
        case .unpaid, .incompleteExpired:
            info.willAutoRenew = false
            info.expirationReason = .billingError
        case .canceled:
            info.willAutoRenew = false
            info.expirationReason = cancellationReason
            info.endedAt = subscription.endedAt.map(Instant.init(stripeSeconds:))
        case .paused:
            info.willAutoRenew = true
            info.pausedUntil = Self.openEndedPause
        default:
            break
        }
        if let pause = subscription.pauseCollection, [.trialing, .active, .pastDue].contains(status) {
            info.pausedUntil = pause.resumesAt.map(Instant.init(stripeSeconds:)) ?? Self.openEndedPause
        }
        return info
    }

    /// Whether the subscription is set to end when its current period ends.
    private var endsAtPeriodEnd: Bool {
        if subscription.cancelAtPeriodEnd == true { return true }
        guard let cancelAt = subscription.cancelAt else { return false }
        guard let periodEnd = subscription.primaryItem?.currentPeriodEnd else { return true }
        return cancelAt <= periodEnd
    }

    /// The open invoice's next attempt plus the margin; nil when Stripe plans none.
    private var graceEnd: Instant? {
        let open = invoices.map(\.invoice).filter { $0.status == .open }.max { ($0.created ?? 0, $0.id) < ($1.created ?? 0, $1.id) }
        return open?.nextPaymentAttempt.map { Instant(stripeSeconds: $0).adding(milliseconds: Self.graceMargin) }
    }

    private var cancellationReason: ExpirationReason {
        switch subscription.cancellationDetails?.reason {
        case "cancellation_requested": .voluntary
        case "payment_failed", "payment_disputed": .billingError
        case "canceled_by_retention_policy": .developerCancelled
        default: .unknown
        }
    }
}
