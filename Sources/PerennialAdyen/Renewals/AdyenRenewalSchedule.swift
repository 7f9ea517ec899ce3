import PerennialCore

/// Perennial's own schedule for an Adyen subscription, which Adyen does not keep: each period is charged when
/// it starts; a refused charge is tried again `retryDays` after the period's start (the customer is in
/// billing retry meanwhile, not entitled past what was paid); after the last retry is refused, the
/// subscription lapses (involuntary churn). It decides, purely, from what was recorded.
public struct AdyenRenewalSchedule: Sendable, Hashable {
    public var period: AdyenBillingPeriod
    /// Days after a period's start at which a refused charge is tried again, ascending.
    public var retryDays: [Int]

    public init(period: AdyenBillingPeriod, retryDays: [Int] = [1, 3, 7]) {
        self.period = period
        self.retryDays = retryDays.sorted()
    }

    /// What has been recorded of one subscription.
    public struct Record: Sendable, Hashable {
        /// When the first period (0, paid at checkout) started.
        public var start: Instant
        /// The periods paid, 0 included.
        public var paidPeriods: Set<Int>
        /// The attempts at each period known to be refused.
        public var refusals: [Int: Int]
        /// An attempt sent whose result was never recorded (the server stopped while it was on its way).
        public var unanswered: AdyenRenewalReference?
        /// Whether the customer cancelled: no period after the paid ones is charged.
        public var cancelled: Bool

        public init(start: Instant, paidPeriods: Set<Int>, refusals: [Int: Int] = [:], unanswered: AdyenRenewalReference? = nil, cancelled: Bool = false) {
            self.start = start
            self.paidPeriods = paidPeriods
            self.refusals = refusals
            self.unanswered = unanswered
            self.cancelled = cancelled
        }
    }

    /// What to do for a subscription now.
    public enum Decision: Sendable, Hashable {
        /// Charge this attempt now (an unanswered one again, with its own key).
        case charge(AdyenRenewalReference, dueSince: Instant)
        /// Nothing before this instant.
        case wait(until: Instant)
        /// Every attempt at this period was refused: it ends for billing, unpaid.
        case lapsed(period: Int)
        /// Cancelled (or nothing ever paid): nothing more to charge.
        case done
    }

    public func decide(_ record: Record, subscriptionID: String, at now: Instant) -> Decision {
        if let unanswered = record.unanswered, !record.paidPeriods.contains(unanswered.period) {
            return .charge(unanswered, dueSince: attemptTime(unanswered.period, attempt: unanswered.attempt, record.start))
        }
        guard record.paidPeriods.contains(0), !record.cancelled else { return .done }
        let next = (0...).first { !record.paidPeriods.contains($0) } ?? 0
        let refused = record.refusals[next] ?? 0
        guard refused <= retryDays.count else { return .lapsed(period: next) }
        let due = attemptTime(next, attempt: refused, record.start)
        guard now >= due else { return .wait(until: due) }
        return .charge(AdyenRenewalReference(subscriptionID: subscriptionID, period: next, attempt: refused), dueSince: due)
    }

    /// When attempt `attempt` at period `index` is due: the period's start, then each retry day after it.
    func attemptTime(_ index: Int, attempt: Int, _ start: Instant) -> Instant {
        let periodStart = period.start(of: index, from: start)
        guard attempt > 0 else { return periodStart }
        let days = retryDays[min(attempt, retryDays.count) - 1]
        return periodStart.adding(milliseconds: Int64(days) * 86_400_000)
    }
}
