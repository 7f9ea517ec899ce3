import PerennialCore
import PerennialTesting
import Testing

/// The retention table, realized LTV and renewals from hand-built histories with known answers, and the
/// rounding the figures share.
@Suite("Retention and lifetime value")
struct RetentionAndLifetimeValueTests {
    typealias Metrics = SubscriptionMetricsTests

    /// January's cohort: A renews twice and is going (3 periods), B stops after one, C renews once and is
    /// going (2 periods). February's: D, in its first period. "Now" is March 10 (day 68).
    static let histories = [
        Metrics.history([Metrics.paid("a0", from: 0, to: 30, cents: 999, original: "a"), Metrics.paid("a1", from: 30, to: 60, cents: 999, original: "a"),
                         Metrics.paid("a2", from: 60, to: 90, cents: 999, original: "a")], [Facts.renewal(original: "a", observedOn: 0)]),
        Metrics.history([Metrics.paid("b0", from: 4, to: 34, cents: 999, original: "b")],
                        [Facts.renewal(original: "b", observedOn: 20, willRenew: false, intent: 1)]),
        Metrics.history([Metrics.paid("c0", from: 9, to: 39, cents: 999, original: "c"), Metrics.paid("c1", from: 39, to: 69, cents: 999, original: "c")],
                        [Facts.renewal(original: "c", observedOn: 9)]),
        Metrics.history([Metrics.paid("d0", from: 40, to: 70, cents: 999, original: "d")], [Facts.renewal(original: "d", observedOn: 40)]),
    ]
    static let now = Facts.day(68)
    static let metrics = SubscriptionMetrics(catalog: Metrics.catalog, schedules: [.appStore: .thirtyThenFifteen])

    static func contributions() -> [MetricContribution] {
        let contributor = SubscriptionContributions(catalog: Metrics.catalog, schedules: [.appStore: .thirtyThenFifteen])
        return histories.flatMap { contributor.contributions(transactions: $0.transactions, renewalInfos: $0.renewalInfos, through: now) }
    }

    @Test func retentionCountsConsecutiveRenewalsOutOfThoseWhoCouldHaveReachedThem() throws {
        let january = CivilDate(year: 2026, month: 1, day: 1)!
        let february = CivilDate(year: 2026, month: 2, day: 1)!
        let table = RetentionTable(totals: MetricTotal.of(Self.contributions()), cohorts: [january, february])
        let cells = table.rows[0].renewals.map { $0.map { [$0.retained, $0.eligible] } }
        #expect(table.rows[0].subscriptions == 3)
        // Renewal 1: A and C of 3. Renewal 2: A of 2 (C, going with 2 periods, has not had the chance). From
        // renewal 3 on: none of B alone (A and C are going and have not got there).
        #expect(cells[0] == [2, 3] && cells[1] == [1, 2])
        #expect(cells[2...].allSatisfy { $0 == [0, 1] })
        // February's cohort: D is in its first period; nobody could have renewed yet.
        #expect(table.rows[1].subscriptions == 1 && table.rows[1].renewals.allSatisfy { $0 == nil })
        #expect(table.average[0].map { [$0.retained, $0.eligible] } == [2, 3])
        #expect(MetricCSV.share(try #require(table.average[0])) == "0.6667")
        #expect(MetricCSV.lines(table)[1] == ["2026-01", "3", "1", "2", "3", "0.6667"])
    }

    @Test func realizedLifetimeValueAndRenewalsByMonth() throws {
        let months = MetricInterval.month.buckets(from: CivilDate(utcDayOf: Facts.day(0)), through: CivilDate(utcDayOf: Self.now))
        let ltv = try #require(Self.metrics.series("ltv", of: Self.histories, buckets: months, now: Self.now))
        // Six paid periods began in January's cohort, each 9.99 with 30% kept by Apple (699 proceeds): 4,194 over
        // three subscriptions. February's: one period.
        // Each subscription its own customer (no owner given): the same figures per customer.
        #expect(ltv[0].values == [
            "subscriptions": 3, "proceeds.USD": 4_194, "per_subscription.USD": 1_398,
            "customers": 3, "customer_proceeds.USD": 4_194, "per_customer.USD": 1_398,
        ])
        #expect(ltv[1].values == [
            "subscriptions": 1, "proceeds.USD": 699, "per_subscription.USD": 699,
            "customers": 1, "customer_proceeds.USD": 699, "per_customer.USD": 699,
        ])
        #expect(ltv[2].values == ["subscriptions": 0, "customers": 0])
        let renewals = try #require(Self.metrics.series("renewals", of: Self.histories, buckets: months, now: Self.now))
        // A on day 30 (January 31) and day 60 (March 2); C on day 39 (February 9).
        #expect(renewals.map { $0.values["count"] } == [1, 1, 1])
    }

    @Test func lifetimeValuePerCustomerCountsACustomerOnceInTheCohortOfTheirFirstPaidPeriod() throws {
        // Ann owns A (January) and D (February); B and C are Bea's and Cy's.
        var histories = Self.histories
        for (index, owner) in ["ann", "bea", "cy", "ann"].enumerated() { histories[index].owner = owner }
        let months = MetricInterval.month.buckets(from: CivilDate(utcDayOf: Facts.day(0)), through: CivilDate(utcDayOf: Self.now))
        let ltv = try #require(Self.metrics.series("ltv", of: histories, buckets: months, now: Self.now))
        // January: Ann (A's three periods and D's one, 2,796), Bea (699), Cy (1,398): 4,893 over three customers.
        #expect(ltv[0].values == [
            "subscriptions": 3, "proceeds.USD": 4_194, "per_subscription.USD": 1_398,
            "customers": 3, "customer_proceeds.USD": 4_893, "per_customer.USD": 1_631,
        ])
        // February: D began there, but its customer's cohort is January.
        #expect(ltv[1].values == ["subscriptions": 1, "proceeds.USD": 699, "per_subscription.USD": 699, "customers": 0])
        // Merged into one customer, everyone is in January's cohort once.
        for index in histories.indices { histories[index].owner = "ann" }
        let merged = try #require(Self.metrics.series("ltv", of: histories, buckets: months, now: Self.now))
        #expect(merged[0].values["customers"] == 1 && merged[0].values["per_customer.USD"] == 4_893)
    }

    @Test func amountsRoundHalfToEven() {
        #expect(MonthlyRecurringRevenue.minorUnits(fromMillionths: 2_500_000) == 2)
        #expect(MonthlyRecurringRevenue.minorUnits(fromMillionths: 3_500_000) == 4)
        #expect(MonthlyRecurringRevenue.minorUnits(fromMillionths: 3_499_999) == 3)
        #expect(MonthlyRecurringRevenue.minorUnits(fromMillionths: -2_500_000) == -2)
        #expect(MonthlyRecurringRevenue.minorUnits(fromMillionths: -2_500_001) == -3)
        // 300 a week is 1,300 a month exactly; 100 a week 433.333… (433,333,333 millionths).
        #expect(MonthlyRecurringRevenue.millionths(of: Money(minorUnits: 100, currency: "USD"), periodDays: 7) == 433_333_333)
    }

    @Test func contributionDifferencesTouchOnlyWhatChanged() {
        let old = [MetricContribution(day: 1, measure: "active.paid", productID: "p", country: "", value: 1),
                   MetricContribution(day: 5, measure: "active.paid", productID: "p", country: "", value: -1)]
        let new = [MetricContribution(day: 1, measure: "active.paid", productID: "p", country: "", value: 1),
                   MetricContribution(day: 9, measure: "active.paid", productID: "p", country: "", value: -1)]
        #expect(MetricContribution.difference(from: old, to: new) == [
            MetricContribution(day: 5, measure: "active.paid", productID: "p", country: "", value: 1),
            MetricContribution(day: 9, measure: "active.paid", productID: "p", country: "", value: -1),
        ])
        #expect(MetricContribution.difference(from: new, to: new).isEmpty)
    }

    /// A subscription whose only paid period was refunded began a paid subscription (`new_subscriptions`
    /// counts it, `revenue` has its sale and its refund) but kept nothing of it: it is in no cohort, neither
    /// for lifetime value nor for retention (docs/metrics.md says so).
    @Test func aSubscriptionWhoseOnlyPaidPeriodWasRefundedIsInNoCohort() throws {
        var refundedFact = Metrics.paid("r0", from: 3, to: 33, cents: 999, original: "r")
        refundedFact.cancelledAt = Facts.day(10)
        let refunded = Metrics.history([refundedFact], [Facts.renewal(original: "r", observedOn: 3)])
        let kept = Metrics.history([Metrics.paid("k0", from: 5, to: 35, cents: 999, original: "k")], [Facts.renewal(original: "k", observedOn: 5)])
        let months = MetricInterval.month.buckets(from: CivilDate(utcDayOf: Facts.day(0)), through: CivilDate(utcDayOf: Self.now))
        let starts = try #require(Self.metrics.series("new_subscriptions", of: [refunded, kept], buckets: months))
        #expect(starts[0].values["paid"] == 2)
        let ltv = try #require(Self.metrics.series("ltv", of: [refunded, kept], buckets: months, now: Self.now))
        #expect(ltv[0].values["subscriptions"] == 1 && ltv[0].values["customers"] == 1, "\(ltv[0].values)")
        #expect(ltv[0].values["proceeds.USD"] == 699 && ltv[0].values["per_customer.USD"] == 699, "\(ltv[0].values)")
        let contributor = SubscriptionContributions(catalog: Metrics.catalog, schedules: [.appStore: .thirtyThenFifteen])
        let contributions = contributor.contributions(transactions: refunded.transactions, renewalInfos: refunded.renewalInfos, through: Self.now)
        let table = RetentionTable(totals: MetricTotal.of(contributions), cohorts: [CivilDate(year: 2026, month: 1, day: 1)!])
        #expect(table.rows[0].subscriptions == 0)
    }
}
