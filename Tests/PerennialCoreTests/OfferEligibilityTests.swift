import PerennialCore
import PerennialTesting
import Testing

/// The seed's three example customers, and the rules' edges.
@Suite("Offer eligibility")
struct OfferEligibilityTests {
    let catalog = Catalog(products: [
        Product(id: "pro.plus.monthly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 1, entitlements: ["pro"]),
        Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 2, entitlements: ["pro"]),
        Product(id: "news.monthly", type: .autoRenewable, subscriptionGroup: "news", groupLevel: 1, entitlements: ["news"]),
        Product(id: "lifetime", type: .nonConsumable, entitlements: ["pro"]),
    ])

    func states(_ transactions: [TransactionFact], _ renewals: [RenewalInfoFact], at day: Double) -> [SubscriptionState] {
        SubscriptionEngine(catalog: catalog).states(of: FactBatch(transactions: transactions, renewalInfos: renewals), at: Facts.day(day))
    }

    func decide(_ rule: OfferRule, product: String = "pro.monthly", _ states: [SubscriptionState], at day: Double,
                signatures: Int = 0, lastSignature: Double? = nil, limit: Int? = nil, cooldown: Int? = nil) -> OfferDecision {
        OfferEligibility(catalog: catalog).decide(
            SubscriptionOffer(id: "o", productID: product, paymentMode: .payAsYouGo, periods: 3, price: "0.99", rule: rule,
                              maximumRedemptions: limit, cooldownDays: cooldown),
            states: states, signaturesOfOffer: signatures, lastSignatureAt: lastSignature.map(Facts.day), at: Facts.day(day)
        )
    }

    @Test func winBackAfterATrialThatWasCancelled() {
        let lapsed = states([Facts.period("1000", from: 0, to: 7, trial: true)],
                            [Facts.renewal(observedOn: 2, willRenew: false), Facts.renewal(observedOn: 8, willRenew: false, intent: 1)], at: 20)
        #expect(decide(.winBack(reasons: [.voluntary], minimumDays: 7, maximumDays: 90), lapsed, at: 20) == .eligible(rule: "win_back"))
        #expect(decide(.winBack(reasons: [.billingError], minimumDays: nil, maximumDays: nil), lapsed, at: 20) == .ineligible(reason: "not_in_cohort"))
        #expect(decide(.winBack(reasons: nil, minimumDays: 30, maximumDays: nil), lapsed, at: 20) == .ineligible(reason: "not_in_cohort"))
        #expect(decide(.retention, lapsed, at: 20) == .ineligible(reason: "not_in_cohort"))
    }

    @Test func retentionForAutoRenewOff() {
        let leaving = states([Facts.period("1000", from: 0, to: 30)], [Facts.renewal(observedOn: 5, willRenew: false)], at: 6)
        let staying = states([Facts.period("1000", from: 0, to: 30)], [Facts.renewal(observedOn: 5)], at: 6)
        #expect(decide(.retention, leaving, at: 6) == .eligible(rule: "retention"))
        #expect(decide(.retention, staying, at: 6) == .ineligible(reason: "not_in_cohort"))
    }

    @Test func upgradeAfterMonthlyRenewalsOnTheLowerTier() {
        let periods: [TransactionFact] = (0...3).map { (index: Int) -> TransactionFact in
            let start = Double(index * 30)
            return Facts.period(String(1000 + index), from: start, to: start + 30)
        }
        let loyal = states(periods, [Facts.renewal(observedOn: 95)], at: 95)
        #expect(decide(.upgrade(minimumRenewals: 3), product: "pro.plus.monthly", loyal, at: 95) == .eligible(rule: "upgrade"))
        #expect(decide(.upgrade(minimumRenewals: 4), product: "pro.plus.monthly", loyal, at: 95) == .ineligible(reason: "not_in_cohort"))
        #expect(decide(.upgrade(minimumRenewals: 0), product: "pro.monthly", loyal, at: 95) == .ineligible(reason: "not_in_cohort"))
        #expect(decide(.loyalty(minimumRenewals: 3), loyal, at: 95) == .eligible(rule: "loyalty"))
    }

    @Test func aPendingDowngradeMakesAnUpgradeOfferEligible() {
        let downgrading = states(
            [Facts.period("1000", product: "pro.plus.monthly", from: 0, to: 30)],
            [Facts.renewal(product: "pro.plus.monthly", observedOn: 3, renewsTo: "pro.monthly")], at: 4
        )
        #expect(decide(.upgrade(minimumRenewals: 99), product: "pro.plus.monthly", downgrading, at: 4) == .ineligible(reason: "not_in_cohort"))
        let lower = states([Facts.period("1000", from: 0, to: 30)], [Facts.renewal(observedOn: 3, renewsTo: "pro.monthly")], at: 4)
        #expect(decide(.upgrade(minimumRenewals: 99), product: "pro.plus.monthly", lower, at: 4) == .ineligible(reason: "not_in_cohort"))
    }

    @Test func applesRuleLimitsAndCoolDown() {
        let owner = states([Facts.purchase("5000", product: "lifetime", on: 0)], [], at: 1)
        #expect(decide(.anySubscriber, owner, at: 1) == .ineligible(reason: "never_subscribed"))
        let subscriber = states([Facts.period("1000", from: 0, to: 30)], [Facts.renewal(observedOn: 1)], at: 2)
        #expect(decide(.anySubscriber, subscriber, at: 2) == .eligible(rule: "any_subscriber"))
        #expect(decide(.anySubscriber, subscriber, at: 2, signatures: 1, limit: 1) == .ineligible(reason: "redemption_limit"))
        #expect(decide(.anySubscriber, subscriber, at: 10, lastSignature: 5, cooldown: 30) == .ineligible(reason: "cooling_down"))
        #expect(decide(.anySubscriber, subscriber, at: 40, lastSignature: 5, cooldown: 30) == .eligible(rule: "any_subscriber"))
    }

    @Test func introductoryOffersArePerGroup() {
        let trialInPro = states([Facts.period("1000", from: 0, to: 7, trial: true)], [Facts.renewal(observedOn: 1)], at: 2)
        let eligibility = OfferEligibility(catalog: catalog)
        #expect(!eligibility.isEligibleForIntroductoryOffer(group: "pro", states: trialInPro))
        #expect(eligibility.isEligibleForIntroductoryOffer(group: "news", states: trialInPro))
        #expect(eligibility.isEligibleForIntroductoryOffer(group: "pro", states: []))
    }

    @Test func theChurnRiskScoreIsTheSumOfItsSignals() {
        let renewing = states([Facts.period("1000", from: 0, to: 30)], [Facts.renewal(observedOn: 1)], at: 20)
        let leaving = states([Facts.period("1000", from: 0, to: 30)], [Facts.renewal(observedOn: 1, willRenew: false)], at: 20)
        let billing = states([Facts.period("1000", from: 0, to: 30)], [Facts.renewal(observedOn: 30.5, billingRetry: true, graceUntil: 46)], at: 31)
        let idle = EngagementSignals(sessionsLast30Days: 0, lastActiveAt: Facts.day(1), reportedAt: Facts.day(20))
        let busy = EngagementSignals(sessionsLast30Days: 12, lastActiveAt: Facts.day(19), reportedAt: Facts.day(20))
        #expect(ChurnRisk.score(states: renewing, signals: nil, at: Facts.day(20)) == 0)
        #expect(ChurnRisk.score(states: renewing, signals: busy, at: Facts.day(20)) == 0)
        #expect(ChurnRisk.score(states: renewing, signals: idle, at: Facts.day(20)) == 40)
        #expect(ChurnRisk.score(states: leaving, signals: idle, at: Facts.day(20)) == 80)
        #expect(ChurnRisk.score(states: billing, signals: nil, at: Facts.day(31)) == 30)
        #expect(ChurnRisk.score(states: [], signals: idle, at: Facts.day(20)) == 0)

        let offer = SubscriptionOffer(id: "save", productID: "pro.monthly", paymentMode: .free, periods: 1, rule: .save(threshold: 60))
        let eligibility = OfferEligibility(catalog: catalog)
        #expect(eligibility.decide(offer, states: leaving, signaturesOfOffer: 0, lastSignatureAt: nil, signals: idle, at: Facts.day(20)) == .eligible(rule: "save"))
        #expect(eligibility.decide(offer, states: renewing, signaturesOfOffer: 0, lastSignatureAt: nil, signals: idle, at: Facts.day(20)) == .ineligible(reason: "not_in_cohort"))
    }
}
