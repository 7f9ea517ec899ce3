import PerennialCore

/// Perennial's own schedule for an Adyen subscription, which Adyen does not keep: each period is charged
/// `chargeAhead` before it starts (so a paid renewal never lets access lapse); a refused charge is tried
/// again `retryDays` after the period's start (the customer is in billing retry meanwhile, not entitled past
/// what was paid); after the last retry is refused, the subscription lapses (involuntary churn). It decides,
/// purely, from what was recorded: an attempt whose result was never recorded is decided again, under the
/// same reference and so the same idempotency key, until its result is known.
public struct AdyenRenewalSchedule: Sendable, Hashable {
    public var period: AdyenBillingPeriod
    /// Days after a period's start at which a refused charge is tried again, ascending.
    public var retryDays: [Int]
    /// How long before a period starts its first attempt is made, in milliseconds.
    public var chargeAhead: Int64

    public init(period: AdyenBillingPeriod, retryDays: [Int] = [1, 3, 7], chargeAheadMilliseconds: Int64 = 0) {
        self.period = period
        self.retryDays = retryDays.sorted()
        chargeAhead = max(0, chargeAheadMilliseconds)
    }

    /// What has been recorded of one subscription.
    public struct Record: Sendable, Hashable {
        /// When the first period (0, paid at checkout) started.
        public var start: Instant
        /// The periods paid, 0 included.
        public var paidPeriods: Set<Int>
        /// The attempts at each period known to be refused.
        public var refusals: [Int: Int]
        /// Whether the customer cancelled (or was refunded): no period after the paid ones is charged.
        public var cancelled: Bool

        public init(start: Instant, paidPeriods: Set<Int>, refusals: [Int: Int] = [:], cancelled: Bool = false) {
            self.start = start
            self.paidPeriods = paidPeriods
            self.refusals = refusals
            self.cancelled = cancelled
        }

        /// The first period not paid.
        public var nextPeriod: Int { (0...).first { !paidPeriods.contains($0) } ?? 0 }
    }

    /// What to do for a subscription now.
    public enum Decision: Sendable, Hashable {
        /// Charge this attempt now.
        case charge(AdyenRenewalReference, dueSince: Instant)
        /// Nothing before this instant.
        case wait(until: Instant)
        /// Every attempt at this period was refused: it ends for billing, unpaid.
        case lapsed(period: Int)
        /// Cancelled (or nothing ever paid): nothing more to charge.
        case done
    }

    public func decide(_ record: Record, subscriptionID: String, at now: Instant) -> Decision {
        guard record.paidPeriods.contains(0), !record.cancelled else { return .done }
        let next = record.nextPeriod
        let refused = record.refusals[next] ?? 0
        guard refused <= retryDays.count else { return .lapsed(period: next) }
        let due = attemptTime(next, attempt: refused, start: record.start)
        guard now >= due else { return .wait(until: due) }
        return .charge(AdyenRenewalReference(subscriptionID: subscriptionID, period: next, attempt: refused), dueSince: due)
    }

    /// Whether `attempt` is a period's last: its refusal lapses the subscription.
    public func isLastAttempt(_ attempt: Int) -> Bool { attempt >= retryDays.count }

    /// When attempt `attempt` at period `index` is due: `chargeAhead` before the period's start, then each
    /// retry day after it. The instant an attempt's result is recorded at, so that recording it twice is
    /// recording it once.
    public func attemptTime(_ index: Int, attempt: Int, start: Instant) -> Instant {
        let periodStart = period.start(of: index, from: start)
        guard attempt > 0 else { return index == 0 ? periodStart : periodStart.adding(milliseconds: -chargeAhead) }
        let days = retryDays[min(attempt, retryDays.count) - 1]
        return periodStart.adding(milliseconds: Int64(days) * 86_400_000)
    }
}
