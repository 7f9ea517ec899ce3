import PerennialCore
import PerennialTesting
import Testing

/// Active subscriptions and MRR from hand-built histories with known answers: trials are not MRR, a weekly
/// plan is × 52/12, an annual one ÷ 12, auto-renew off counts until expiry, grace counts and billing retry
/// does not, a refund removes it.
@Suite("Subscription metrics")
struct SubscriptionMetricsTests {
    static let catalog = Catalog(products: [
        Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"]),
        Product(id: "pro.weekly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"]),
        Product(id: "pro.yearly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"]),
    ])

    static func paid(_ id: String, _ product: String = "pro.monthly", from: Double, to: Double, cents: Int64, original: String? = nil)
        -> TransactionFact
    {
        var fact = Facts.period(id, original: original ?? id, product: product, from: from, to: to)
        fact.price = Money(minorUnits: cents, currency: "USD")
        return fact
    }

    static func history(_ transactions: [TransactionFact], _ renewals: [RenewalInfoFact] = []) -> SubscriptionMetrics.History {
        SubscriptionMetrics.History(transactions: transactions, renewalInfos: renewals)
    }

    /// The day `n` days after the facts' origin (2026-01-01).
    static func day(_ n: Int) -> CivilDate { CivilDate(utcDayOf: Facts.day(Double(n))) }

    @Test func mrrNormalisesPeriodsAndLeavesOutTrials() throws {
        let histories = [
            Self.history([Self.paid("m", from: 0, to: 31, cents: 999)], [Facts.renewal(original: "m", observedOn: 0)]),
            Self.history([Self.paid("w", "pro.weekly", from: 0, to: 7, cents: 300)], [Facts.renewal(original: "w", observedOn: 0)]),
            Self.history([Self.paid("y", "pro.yearly", from: 0, to: 365, cents: 12_000)], [Facts.renewal(original: "y", observedOn: 0)]),
            Self.history([Facts.period("t", original: "t", from: 0, to: 7, trial: true)], [Facts.renewal(original: "t", observedOn: 0)]),
        ]
        let points = try #require(SubscriptionMetrics(catalog: Self.catalog).series(
            "mrr", of: histories, buckets: [(Self.day(1), Self.day(1))]))
        // 999 + 300 × 52 / 12 (1300) + 12000 / 12 (1000) = 3299; the trial adds nothing.
        #expect(points[0].values == ["USD": 3_299])
        let arr = try #require(SubscriptionMetrics(catalog: Self.catalog).series("arr", of: histories, buckets: [(Self.day(1), Self.day(1))]))
        // 12 × (999 + 1,300 + 1,000) = 39,588.
        #expect(arr[0].values == ["USD": 39_588])
        let active = try #require(SubscriptionMetrics(catalog: Self.catalog).series(
            "active_subscriptions", of: histories, buckets: [(Self.day(1), Self.day(1))]))
        #expect(active[0].values == ["trial": 1, "paid": 3, "grace_period": 0, "billing_retry": 0, "total": 4])
    }

    @Test func autoRenewOffCountsUntilExpiryGraceCountsBillingRetryAndRefundsDoNot() throws {
        let off = Self.history([Self.paid("off", from: 0, to: 30, cents: 1_000)], [Facts.renewal(original: "off", observedOn: 5, willRenew: false)])
        let grace = Self.history([Self.paid("g", from: 0, to: 30, cents: 1_000)],
                                 [Facts.renewal(original: "g", observedOn: 30.5, billingRetry: true, graceUntil: 36)])
        let retry = Self.history([Self.paid("r", from: 0, to: 30, cents: 1_000)], [Facts.renewal(original: "r", observedOn: 30.5, billingRetry: true)])
        var refundedFact = Self.paid("x", from: 0, to: 60, cents: 1_000)
        refundedFact.cancelledAt = Facts.day(20)
        let refunded = Self.history([refundedFact])
        let metrics = SubscriptionMetrics(catalog: Self.catalog)
        let buckets = [(Self.day(10), Self.day(10)), (Self.day(31), Self.day(31)), (Self.day(40), Self.day(40))]
        let mrr = try #require(metrics.series("mrr", of: [off, grace, retry, refunded], buckets: buckets))
        // Day 10: all four paying (the 60-day one is 1000 / 2); day 31: auto-renew off has expired, grace counts,
        // billing retry and the refund do not; day 40: the grace period is over too.
        #expect(mrr.map { $0.values["USD"] ?? 0 } == [3_500, 1_000, 0])
        let active = try #require(metrics.series("active_subscriptions", of: [off, grace, retry, refunded], buckets: buckets))
        #expect(active[1].values["grace_period"] == 1 && active[1].values["billing_retry"] == 1 && active[1].values["total"] == 1)
    }

    @Test func bucketsFollowTheInterval() {
        let from = CivilDate(iso: "2026-01-28")!
        let through = CivilDate(iso: "2026-03-02")!
        #expect(MetricInterval.month.buckets(from: from, through: through).map(\.start.description) == ["2026-01-01", "2026-02-01", "2026-03-01"])
        let firstWeek = MetricInterval.week.buckets(from: from, through: through).first
        #expect(firstWeek?.start.description == "2026-01-26" && firstWeek?.end.description == "2026-02-01")
        #expect(MetricInterval.day.buckets(from: from, through: through).count == 34)
        #expect(MetricInterval.day.buckets(from: through, through: from).isEmpty)
        #expect(SubscriptionMetrics(catalog: Self.catalog).series("nonsense", of: [], buckets: []) == nil)
    }

    @Test func startsConversionsChurnAndRevenueByBucket() throws {
        let converted = Self.history(
            [Facts.period("c0", original: "c", from: 0, to: 7, trial: true), Self.paid("c1", from: 7, to: 38, cents: 999, original: "c")],
            [Facts.renewal(original: "c", observedOn: 7)])
        let quitter = Self.history(
            [Self.paid("q", from: 3, to: 33, cents: 999)], [Facts.renewal(original: "q", observedOn: 20, willRenew: false, intent: 1)])
        let failed = Self.history(
            [Self.paid("f", from: 5, to: 35, cents: 999)],
            [Facts.renewal(original: "f", observedOn: 35.5, billingRetry: true), Facts.renewal(original: "f", observedOn: 45, willRenew: false, intent: 2, billingRetry: false)])
        var refundedFact = Self.paid("r", from: 2, to: 32, cents: 999)
        refundedFact.cancelledAt = Facts.day(40)
        let refunded = Self.history([refundedFact])
        var refundedLiveFact = Self.paid("r2", from: 31, to: 61, cents: 999)
        refundedLiveFact.cancelledAt = Facts.day(40)
        let refundedLive = Self.history([refundedLiveFact])
        let lapsedTrial = Self.history([Facts.period("t", original: "t", from: 1, to: 8, trial: true)],
                                       [Facts.renewal(original: "t", observedOn: 5, willRenew: false, intent: 1)])
        let histories = [converted, quitter, failed, refunded, refundedLive, lapsedTrial]
        let metrics = SubscriptionMetrics(catalog: Self.catalog, schedules: [.appStore: .thirtyThenFifteen])
        // January 2026 holds days 0–30, February days 31–58.
        let months = MetricInterval.month.buckets(from: Self.day(0), through: Self.day(40))
        let starts = try #require(metrics.series("new_subscriptions", of: histories, buckets: months))
        // Of January's two trials, one converted: 1 × 10000 ÷ 2 = 5000 basis points. February has no trial, no rate.
        #expect(starts[0].values == ["trials": 2, "paid": 3, "conversions": 1, "converted_trials": 1, "conversion_rate_bp": 5_000])
        #expect(starts[1].values == ["trials": 0, "paid": 1, "conversions": 0, "converted_trials": 0])
        let churn = try #require(metrics.series("churn", of: histories, buckets: months))
        // In February: the quitter's period ends (voluntary, day 33), the failed one is given up (billing, day 45),
        // the one refunded while live is revoked (day 40). The converted subscription (day 38) and the one refunded
        // only after its period ended (day 32) expire with no word from the store: other. A refund after churn is
        // not a second churn, and the lapsed trial is not churn at all.
        #expect(churn[0].values == ["voluntary": 0, "involuntary": 0, "refunded": 0, "other": 0])
        #expect(churn[1].values == ["voluntary": 1, "involuntary": 1, "refunded": 1, "other": 2])
        let revenue = try #require(metrics.series("revenue", of: histories, buckets: months))
        // January: four paid periods of 9.99 (30% kept: 699 each); February: one more sale, and two refunds.
        // Refund rate by the sale's day: of January's four sales, r's was refunded (in February); February's one
        // sale, r2's, was refunded.
        #expect(revenue[0].values == [
            "price.USD": 3_996, "proceeds.USD": 2_796, "refunds": 0, "sales": 4, "refunded_sales": 1, "refund_rate_bp": 2_500,
        ])
        #expect(revenue[1].values == [
            "price.USD": -999, "proceeds.USD": -699, "refunded.USD": 1_998, "refunds": 2, "sales": 1, "refunded_sales": 1,
            "refund_rate_bp": 10_000,
        ])
    }
}
