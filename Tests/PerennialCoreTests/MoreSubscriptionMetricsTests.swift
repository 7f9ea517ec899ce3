import PerennialCore
import PerennialTesting
import Testing

/// MRR movement, billing issues, the state mix, offers and trial conversion from hand-built histories with
/// known answers. Periods of 30 days cost their price a month exactly (docs/metrics.md), so MRR and its
/// movements are whole minor units and the movement adds up to the change of MRR with no rounding.
@Suite("More subscription metrics")
struct MoreSubscriptionMetricsTests {
    static let catalog = Catalog(products: [
        Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"]),
        Product(id: "pro.plus", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"]),
    ])

    static func paid(
        _ id: String, _ product: String = "pro.monthly", from: Double, to: Double, cents: Int64, currency: String = "USD",
        original: String? = nil, intro: Bool = false, offer: String? = nil
    ) -> TransactionFact {
        var fact = Facts.period(id, original: original ?? id, product: product, from: from, to: to, intro: intro, offer: offer)
        fact.price = Money(minorUnits: cents, currency: currency)
        return fact
    }

    static func history(_ transactions: [TransactionFact], _ renewals: [RenewalInfoFact] = []) -> SubscriptionMetrics.History {
        SubscriptionMetrics.History(transactions: transactions, renewalInfos: renewals)
    }

    /// The day `n` days after the facts' origin (2026-01-01).
    static func day(_ n: Int) -> CivilDate { CivilDate(utcDayOf: Facts.day(Double(n))) }

    /// Buckets of the days `from...to` for each pair.
    static func buckets(_ ranges: [(Int, Int)]) -> [(start: CivilDate, end: CivilDate)] {
        ranges.map { (start: day($0.0), end: day($0.1)) }
    }

    static let metrics = SubscriptionMetrics(catalog: catalog, schedules: [.appStore: .thirtyThenFifteen])

    @Test func mrrMovementSplitsTheChangeOfMRR() throws {
        // A: new at 10.00 on day 0; upgraded on day 10 to pro.plus at 20.00 (expansion +10.00); downgraded at its
        // renewal on day 40 to 10.00 (contraction −10.00); auto-renew off, so it expires on day 70 (churn −10.00);
        // bought again on day 80 (reactivation +10.00).
        var a1 = Self.paid("a1", from: 0, to: 30, cents: 1_000, original: "a")
        a1.cancelledAt = Facts.day(10)
        a1.isUpgraded = true
        let a = Self.history(
            [a1, Self.paid("a2", "pro.plus", from: 10, to: 40, cents: 2_000, original: "a"),
             Self.paid("a3", from: 40, to: 70, cents: 1_000, original: "a"), Self.paid("a4", from: 80, to: 110, cents: 1_000, original: "a")],
            [Facts.renewal(original: "a", observedOn: 50, willRenew: false)])
        // C: an introductory month at 5.00 (new +5.00), then 10.00 from day 30 (expansion +5.00), the same on day 60.
        let c = Self.history([
            Self.paid("c1", from: 0, to: 30, cents: 500, original: "c", intro: true),
            Self.paid("c2", from: 30, to: 60, cents: 1_000, original: "c"), Self.paid("c3", from: 60, to: 90, cents: 1_000, original: "c"),
        ])
        // D: 10.00 in USD (new), then 9.00 in EUR from day 30: churn −10.00 USD and new +9.00 EUR on day 30.
        let d = Self.history([
            Self.paid("d1", from: 0, to: 30, cents: 1_000, original: "d"),
            Self.paid("d2", from: 30, to: 60, cents: 900, currency: "EUR", original: "d"),
            Self.paid("d3", from: 60, to: 90, cents: 900, currency: "EUR", original: "d"),
        ])
        let histories = [a, c, d]
        let now = Facts.day(90).adding(milliseconds: -1)
        let buckets = Self.buckets([(0, 9), (10, 39), (40, 69), (70, 79), (80, 89)])
        let movement = try #require(Self.metrics.series("mrr_movement", of: histories, buckets: buckets, now: now))
        // Days 0–9: A 10.00 + C 5.00 + D 10.00 new.
        #expect(movement[0].values == ["new.USD": 2_500])
        // Days 10–39: A +10.00 (day 10) and C +5.00 (day 30) expand; D leaves USD for EUR on day 30.
        #expect(movement[1].values == ["expansion.USD": 1_500, "churn.USD": -1_000, "new.EUR": 900])
        // Days 40–69: A's downgrade; C and D renew at the same price, which moves nothing.
        #expect(movement[2].values == ["contraction.USD": -1_000])
        // Days 70–79: A expires.
        #expect(movement[3].values == ["churn.USD": -1_000])
        // Days 80–89: A comes back, having had MRR in USD before.
        #expect(movement[4].values == ["reactivation.USD": 1_000])

        // The invariant: a bucket's movements add up to MRR at its end less MRR at the end of the day before it.
        // MRR at those ends: day −1 nothing; day 9 25.00 USD; day 39 A 20.00 + C 10.00 = 30.00 USD and 9.00 EUR;
        // day 69 20.00 USD, 9.00 EUR; day 79 10.00 USD, 9.00 EUR; day 89 20.00 USD, 9.00 EUR.
        let ends = try #require(Self.metrics.series("mrr", of: histories, buckets: buckets.map { ($0.end, $0.end) }, now: now))
        let before = try #require(Self.metrics.series(
            "mrr", of: histories, buckets: buckets.map { ($0.start.adding(days: -1), $0.start.adding(days: -1)) }, now: now))
        #expect(ends.map { $0.values["USD"] ?? 0 } == [2_500, 3_000, 2_000, 1_000, 2_000])
        for index in buckets.indices {
            for currency in ["USD", "EUR"] {
                let moved = movement[index].values.filter { $0.key.hasSuffix("." + currency) }.values.reduce(0, +)
                #expect(moved == (ends[index].values[currency] ?? 0) - (before[index].values[currency] ?? 0), "bucket \(index), \(currency)")
            }
        }
    }

    @Test func mrrMovementKeepsMillionthsAndRoundsEachBucket() throws {
        // A 45-day period of 10.00 is 1000 × 30.436875 / 45 = 676.375 minor units a month (676_375_000
        // millionths). Two of them new on day 0: the bucket adds the millionths, 1_352_750_000, and rounds once,
        // half to even, to 1353 (rounding each first would give 676 + 676 = 1352). MRR is rounded the same way.
        let histories = [Self.history([Self.paid("o1", from: 0, to: 45, cents: 1_000)]), Self.history([Self.paid("o2", from: 0, to: 45, cents: 1_000)])]
        let now = Facts.day(1).adding(milliseconds: -1)
        let movement = try #require(Self.metrics.series("mrr_movement", of: histories, buckets: Self.buckets([(0, 0)]), now: now))
        #expect(movement[0].values == ["new.USD": 1_353])
        let mrr = try #require(Self.metrics.series("mrr", of: histories, buckets: Self.buckets([(0, 0)]), now: now))
        #expect(mrr[0].values == ["USD": 1_353])
    }

    @Test func billingIssuesRecoveriesAndLosses() throws {
        // G: its period ends on day 30, renewal fails, grace until day 36 (an issue on day 30); renewed on day
        // 32.5 in the grace period: recovered in grace on day 32, after 2.5 days — 2 whole days.
        let g = Self.history(
            [Self.paid("g1", from: 0, to: 30, cents: 1_000, original: "g"), Self.paid("g2", from: 32.5, to: 62.5, cents: 1_000, original: "g")],
            [Facts.renewal(original: "g", observedOn: 30.5, billingRetry: true, graceUntil: 36),
             Facts.renewal(original: "g", observedOn: 32.5, billingRetry: false)])
        // R: billing retry without grace from day 30 (an issue), renewed on day 35.75: recovered after 5 whole days.
        let r = Self.history(
            [Self.paid("r1", from: 0, to: 30, cents: 1_000, original: "r"), Self.paid("r2", from: 35.75, to: 65.75, cents: 1_000, original: "r")],
            [Facts.renewal(original: "r", observedOn: 30.5, billingRetry: true),
             Facts.renewal(original: "r", observedOn: 35.75, billingRetry: false)])
        // L: grace from day 30 to 33, billing retry after, given up on day 45 for a billing error: lost on day 45.
        let l = Self.history(
            [Self.paid("l1", from: 0, to: 30, cents: 1_000, original: "l")],
            [Facts.renewal(original: "l", observedOn: 30.5, billingRetry: true, graceUntil: 33),
             Facts.renewal(original: "l", observedOn: 45, willRenew: false, intent: 2, billingRetry: false)])
        // T: a free trial whose conversion fails goes into billing retry: not a paid subscription's issue.
        let t = Self.history(
            [Facts.period("t0", original: "t", from: 0, to: 7, trial: true)],
            [Facts.renewal(original: "t", observedOn: 7.5, billingRetry: true)])
        // January holds days 0–30, February days 31–58.
        let months = MetricInterval.month.buckets(from: Self.day(0), through: Self.day(58))
        let billing = try #require(Self.metrics.series("billing", of: [g, r, l, t], buckets: months))
        // January: three issues on day 30, nothing closed, so no recovery rate.
        #expect(billing[0].values == ["issues": 3, "recovered": 0, "recovered_in_grace": 0, "days_to_recover": 0, "lost": 0])
        // February: G and R recovered (G in grace), 2 + 5 = 7 days (3.5 days on average), L lost; the recovery
        // rate 2 × 10000 ÷ (2 + 1) = 6666.67, rounded to 6667.
        #expect(billing[1].values == [
            "issues": 0, "recovered": 2, "recovered_in_grace": 1, "days_to_recover": 7, "lost": 1, "recovery_rate_bp": 6_667,
        ])
        // By day: G's recovery on day 32, R's on day 35, L's loss on day 45.
        let days = try #require(Self.metrics.series("billing", of: [g, r, l, t], buckets: Self.buckets([(32, 32), (35, 35), (45, 45)])))
        #expect(days.map { $0.values["days_to_recover"] } == [2, 5, 0])
        #expect(days.map { $0.values["recovery_rate_bp"] } == [10_000, 10_000, 0])
    }

    @Test func stateMixByTheOfferOfTheCurrentPeriod() throws {
        var code = Self.paid("o", from: 0, to: 30, cents: 499)
        code.offerCodeRefName = "SPRING.2026"
        let histories = [
            // Standard: a period at the regular price.
            Self.history([Self.paid("s", from: 0, to: 30, cents: 999)]),
            // Standard too: in a grace period after a regular period (ended day 3, grace until day 10).
            Self.history([Self.paid("x", from: -27, to: 3, cents: 999)], [Facts.renewal(original: "x", observedOn: 3.5, billingRetry: true, graceUntil: 10)]),
            // Introductory: an introductory price; and one with an offer id too (as Google Play gives every offer
            // one), where the introductory period wins over the promotional id.
            Self.history([Self.paid("i", from: 0, to: 30, cents: 499, intro: true)]),
            Self.history([Self.paid("q", from: 0, to: 30, cents: 499, intro: true, offer: "intro-offer")]),
            // Promotional.
            Self.history([Self.paid("p", from: 0, to: 30, cents: 499, offer: "winback.half")]),
            // Offer code.
            Self.history([code]),
            // Not counted: a free trial, and billing retry without access.
            Self.history([Facts.period("t", original: "t", from: 0, to: 7, trial: true)]),
            Self.history([Self.paid("y", from: -27, to: 3, cents: 999)], [Facts.renewal(original: "y", observedOn: 3.5, billingRetry: true)]),
        ]
        let buckets = Self.buckets([(5, 5), (40, 40)])
        let mix = try #require(Self.metrics.series("state_mix", of: histories, buckets: buckets))
        // Day 5: s and x standard, i and q introductory, p promotional, o offer code. Day 40: every period has
        // ended (x's grace too: billing retry has no access).
        #expect(mix[0].values == ["standard": 2, "introductory": 2, "promotional": 1, "offer_code": 1])
        #expect(mix[1].values == ["standard": 0, "introductory": 0, "promotional": 0, "offer_code": 0])
        // The mix adds up to the paid subscriptions with access: paid (5) + grace period (1).
        let active = try #require(Self.metrics.series("active_subscriptions", of: histories, buckets: buckets))
        #expect(active[0].values == ["trial": 1, "paid": 5, "grace_period": 1, "billing_retry": 1, "total": 7])
    }

    @Test func offersRedemptionsAndWhatTheyWonBack() throws {
        // An offer code (its name holds a dot) for the first month at 4.99, then two renewals at 9.99 (days 30
        // and 60); bought again on day 160, 70 days after the streak ended: not won back by the offer.
        var oc1 = Self.paid("oc1", from: 0, to: 30, cents: 499, original: "oc")
        oc1.offerCodeRefName = "SPRING.2026"
        let codeHistory = Self.history([
            oc1, Self.paid("oc2", from: 30, to: 60, cents: 999, original: "oc"), Self.paid("oc3", from: 60, to: 90, cents: 999, original: "oc"),
            Self.paid("oc4", from: 160, to: 190, cents: 999, original: "oc"),
        ])
        // A promotional offer for two months (days 30–90) after a regular one; then a period from day 100 (a
        // 10-day gap, within 60), one refunded (neither counted nor extending the streak), and one from day
        // 160 (30 days after the end of the day-100 period, within 60).
        var refunded = Self.paid("pr5", from: 130, to: 160, cents: 999, original: "pr")
        refunded.cancelledAt = Facts.day(135)
        let promoHistory = Self.history([
            Self.paid("pr1", from: 0, to: 30, cents: 999, original: "pr"),
            Self.paid("pr2", from: 30, to: 60, cents: 499, original: "pr", offer: "loyal.half"),
            Self.paid("pr3", from: 60, to: 90, cents: 499, original: "pr", offer: "loyal.half"),
            Self.paid("pr4", from: 100, to: 130, cents: 999, original: "pr"), refunded,
            Self.paid("pr6", from: 160, to: 190, cents: 999, original: "pr"),
        ])
        // A free trial (an introductory offer, of pro.monthly) converted on day 7 and renewed on day 37.
        let trialHistory = Self.history([
            Facts.period("tr0", original: "tr", from: 0, to: 7, trial: true),
            Self.paid("tr1", from: 7, to: 37, cents: 999, original: "tr"), Self.paid("tr2", from: 37, to: 67, cents: 999, original: "tr"),
        ])
        let histories = [codeHistory, promoHistory, trialHistory]
        let offers = try #require(Self.metrics.series("offers", of: histories, buckets: Self.buckets([(0, 199)])))
        // Each 9.99 renewal brings 999 less 30% (300) = 699 of proceeds; two each: 1398. The promotional offer
        // counts once though it ran two periods, on day 30.
        #expect(offers[0].values == [
            "offer_code:SPRING.2026.redemptions": 1, "offer_code:SPRING.2026.renewals_after": 2,
            "offer_code:SPRING.2026.proceeds_after.USD": 1_398,
            "promotional:loyal.half.redemptions": 1, "promotional:loyal.half.renewals_after": 2,
            "promotional:loyal.half.proceeds_after.USD": 1_398,
            "introductory:pro.monthly.redemptions": 1, "introductory:pro.monthly.renewals_after": 2,
            "introductory:pro.monthly.proceeds_after.USD": 1_398,
        ])
        // Day 100: the period after the promotional offer, on the day it began.
        let day100 = try #require(Self.metrics.series("offers", of: histories, buckets: Self.buckets([(100, 100)])))
        #expect(day100[0].values == ["promotional:loyal.half.renewals_after": 1, "promotional:loyal.half.proceeds_after.USD": 699])
    }

    @Test func trialConversionAsARateOfTheBucketsTrials() throws {
        let histories = [
            // Trials on days 0, 3 and 25; the first converts on day 7, the third on day 32 (February), the
            // second lapses.
            Self.history([Facts.period("t1", original: "t1", from: 0, to: 7, trial: true), Self.paid("t1p", from: 7, to: 37, cents: 999, original: "t1")]),
            Self.history([Facts.period("t2", original: "t2", from: 3, to: 10, trial: true)], [Facts.renewal(original: "t2", observedOn: 5, willRenew: false)]),
            Self.history([Facts.period("t3", original: "t3", from: 25, to: 32, trial: true), Self.paid("t3p", from: 32, to: 62, cents: 999, original: "t3")]),
            // Started paid, no trial.
            Self.history([Self.paid("p", from: 2, to: 32, cents: 999)]),
        ]
        let months = MetricInterval.month.buckets(from: Self.day(0), through: Self.day(40))
        let starts = try #require(Self.metrics.series("new_subscriptions", of: histories, buckets: months))
        // January: 3 trials, of which 2 converted (counted on their trials' days, whenever they converted); one
        // conversion happened in January (t1's). Rate 2 × 10000 ÷ 3 = 6666.67, rounded to 6667.
        #expect(starts[0].values == ["trials": 3, "paid": 1, "conversions": 1, "converted_trials": 2, "conversion_rate_bp": 6_667])
        // February: t3's conversion, no trial began, so no rate.
        #expect(starts[1].values == ["trials": 0, "paid": 0, "conversions": 1, "converted_trials": 0])
    }
}
