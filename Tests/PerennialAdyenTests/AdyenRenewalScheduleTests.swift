import PerennialAdyen
import PerennialCore
import Testing

/// Perennial's schedule for Adyen subscriptions, as a table: what was recorded, when, and what to do. No
/// period is charged twice: a paid period is never charged again, an attempt whose answer was lost is sent
/// again under its own key, and a new attempt comes only after the one before it was refused.
@Suite struct AdyenRenewalScheduleTests {
    static let start = Instant(milliseconds: 1_772_323_200_000)  // 2026-03-01T00:00:00Z
    static let schedule = AdyenRenewalSchedule(period: AdyenBillingPeriod(1, .month), retryDays: [1, 3, 7])

    static func day(_ count: Int) -> Instant { start.adding(milliseconds: Int64(count) * 86_400_000) }

    static func charge(_ period: Int, _ attempt: Int, since day: Int) -> AdyenRenewalSchedule.Decision {
        .charge(AdyenRenewalReference(subscriptionID: "sub_1", period: period, attempt: attempt), dueSince: Self.day(day))
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var record: AdyenRenewalSchedule.Record
        var day: Int
        var decision: AdyenRenewalSchedule.Decision
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "paid at checkout, before the month ends", record: .init(start: start, paidPeriods: [0]), day: 20, decision: .wait(until: day(31))),
        Row(name: "the month ended: charge the second", record: .init(start: start, paidPeriods: [0]), day: 31, decision: charge(1, 0, since: 31)),
        Row(name: "a day late, still the same attempt", record: .init(start: start, paidPeriods: [0]), day: 32, decision: charge(1, 0, since: 31)),
        Row(name: "paid: wait for the next", record: .init(start: start, paidPeriods: [0, 1]), day: 32, decision: .wait(until: day(61))),
        Row(name: "refused once: the first retry a day later", record: .init(start: start, paidPeriods: [0], refusals: [1: 1]), day: 31,
            decision: .wait(until: day(32))),
        Row(name: "its time came", record: .init(start: start, paidPeriods: [0], refusals: [1: 1]), day: 32, decision: charge(1, 1, since: 32)),
        Row(name: "refused twice: three days after the period's start", record: .init(start: start, paidPeriods: [0], refusals: [1: 2]), day: 33,
            decision: .wait(until: day(34))),
        Row(name: "the last retry", record: .init(start: start, paidPeriods: [0], refusals: [1: 3]), day: 38, decision: charge(1, 3, since: 38)),
        Row(name: "every attempt refused: lapsed", record: .init(start: start, paidPeriods: [0], refusals: [1: 4]), day: 40, decision: .lapsed(period: 1)),
        Row(name: "cancelled: nothing more", record: .init(start: start, paidPeriods: [0, 1], cancelled: true), day: 70, decision: .done),
        Row(name: "never paid at checkout: nothing", record: .init(start: start, paidPeriods: []), day: 40, decision: .done),
        Row(name: "an answer lost: nothing was recorded, so the same attempt, under its own key", record: .init(start: start, paidPeriods: [0], refusals: [1: 2]),
            day: 35, decision: charge(1, 2, since: 34)),
    ]

    @Test(arguments: rows)
    func decide(_ row: Row) {
        #expect(Self.schedule.decide(row.record, subscriptionID: "sub_1", at: Self.day(row.day)) == row.decision)
    }

    /// Charged ahead: the first attempt at a period is due an hour before it starts; retries count from its
    /// start.
    @Test func chargedAhead() {
        let ahead = AdyenRenewalSchedule(period: AdyenBillingPeriod(1, .month), retryDays: [1, 3, 7], chargeAheadMilliseconds: 3_600_000)
        let record = AdyenRenewalSchedule.Record(start: Self.start, paidPeriods: [0])
        let due = Self.day(31).adding(milliseconds: -3_600_000)
        #expect(ahead.decide(record, subscriptionID: "sub_1", at: Self.day(30)) == .wait(until: due))
        #expect(ahead.decide(record, subscriptionID: "sub_1", at: due) == .charge(AdyenRenewalReference(subscriptionID: "sub_1", period: 1), dueSince: due))
        #expect(ahead.attemptTime(1, attempt: 1, start: Self.start) == Self.day(32))
        #expect(ahead.attemptTime(0, attempt: 0, start: Self.start) == Self.start, "the first payment is when it was made")
    }

    @Test func monthsFollowTheCalendar() {
        let january31 = Instant(milliseconds: 1_769_817_600_000)  // 2026-01-31
        let period = AdyenBillingPeriod(1, .month)
        #expect(period.start(of: 1, from: january31) == Instant(milliseconds: 1_772_236_800_000), "February 28")
        #expect(period.start(of: 2, from: january31) == Instant(milliseconds: 1_774_915_200_000), "March 31")
    }
}
