/// One subscription's billing issues (`billing.*`), from its status at the end of each day the timeline
/// walks. An issue opens when a paid subscription goes from active or introductory into a grace period or
/// billing retry (`billing.issues`, on that day); it stays open through both, and closes when the
/// subscription is next in neither:
/// - back to active or introductory: `billing.recovered`, and `billing.recovered_in_grace` when it was in a
///   grace period the day before; `billing.days_to_recover` adds the whole days (24 hours) from the issue's
///   start (`SubscriptionState.billingIssueDetectedAt`, the end of the period that failed to renew) to the
///   purchase of the period that recovered it;
/// - expired or revoked: `billing.lost` (the store normally gives billing error as the reason);
/// - anything else (paused): closed, not counted.
/// A trial whose conversion fails is no issue. Each on the day the walk sees it, on the subscription's
/// product and country then.
struct BillingIssues {
    private var previousStatus: SubscriptionStatus?
    /// The start of the open issue; nil when none is open.
    private var openedAt: Instant?

    static let dayMilliseconds: Int64 = 86_400_000

    static func isIssue(_ status: SubscriptionStatus) -> Bool { status == .gracePeriod || status == .billingRetry }
    static func isPaying(_ status: SubscriptionStatus) -> Bool { status == .active || status == .introductory }

    /// Reports what changed from the previous day walked to `day`, whose end is `end`, with the state of an
    /// auto-renewable subscription then (nil: none).
    mutating func observe(
        _ state: SubscriptionState?, country: String, on day: Int, end: Instant, add: (Int, String, String, String?, Int64) -> Void
    ) {
        let status = state?.status
        defer { previousStatus = status }
        guard let state, let status else {
            openedAt = nil
            return
        }
        func report(_ measure: String, _ value: Int64) {
            add(day, MetricMeasure.billingPrefix + measure, state.productID, country, value)
        }
        if let started = openedAt {
            guard !Self.isIssue(status) else { return }
            openedAt = nil
            if Self.isPaying(status) {
                report("recovered", 1)
                if previousStatus == .gracePeriod { report("recovered_in_grace", 1) }
                report("days_to_recover", max(0, state.latestPurchasedAt.milliseconds - started.milliseconds) / Self.dayMilliseconds)
            } else if status == .expired || status == .revoked {
                report("lost", 1)
            }
        } else if Self.isIssue(status), let previousStatus, Self.isPaying(previousStatus) {
            openedAt = state.billingIssueDetectedAt ?? end
            report("issues", 1)
        }
    }
}
