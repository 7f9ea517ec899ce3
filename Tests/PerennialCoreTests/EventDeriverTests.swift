import PerennialCore
import PerennialTesting
import Testing

@Suite("Lifecycle events")
struct EventDeriverTests {
    let deriver = EventDeriver(catalog: Catalog(products: [
        Product(id: "basic.monthly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 2, entitlements: ["basic"]),
        Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 1, entitlements: ["pro"]),
    ]))

    func events(_ transactions: [TransactionFact], _ renewals: [RenewalInfoFact], now: Double) -> [LifecycleEvent] {
        deriver.events(transactions: transactions, renewalInfos: renewals, now: Facts.day(now))
    }

    @Test func trialConversionRenewalAndVoluntaryExpiry() {
        let result = events([
            Facts.period("1000", from: 0, to: 7, trial: true), Facts.period("1001", from: 7, to: 37),
            Facts.period("1002", from: 37, to: 67),
        ], [
            Facts.renewal(observedOn: 0), Facts.renewal(observedOn: 40, willRenew: false),
            Facts.renewal(observedOn: 68, willRenew: false, intent: 1),
        ], now: 70)
        #expect(result.map(\.kind) == [
            .initialPurchase, .trialStarted, .trialConverted, .renewal, .autoRenewDisabled, .expiration,
        ])
        #expect(result.last?.occurredAt == Facts.day(67))
        #expect(result.last?.details["reason"] == "voluntary")
        #expect(result[4].occurredAt == Facts.day(40))
    }

    @Test func billingIssueGracePeriodAndRecovery() {
        let result = events([Facts.period("1000", from: 0, to: 30), Facts.period("1001", from: 33, to: 63)], [
            Facts.renewal(observedOn: 1), Facts.renewal(observedOn: 30.1, billingRetry: true, graceUntil: 46),
            Facts.renewal(observedOn: 33),
        ], now: 40)
        #expect(result.map(\.kind) == [.initialPurchase, .billingIssue, .gracePeriodStarted, .renewal, .billingRecovered])
        #expect(result[1].occurredAt == Facts.day(30))
    }

    @Test func anEndedPeriodIsNotAnExpiryUntilTheStoreSaysSo() {
        let pending = events([Facts.period("1000", from: 0, to: 30)], [Facts.renewal(observedOn: 1)], now: 31)
        #expect(pending.map(\.kind) == [.initialPurchase])
        let confirmed = events(
            [Facts.period("1000", from: 0, to: 30)],
            [Facts.renewal(observedOn: 1), Facts.renewal(observedOn: 92, intent: 2, billingRetry: false)], now: 92
        )
        #expect(confirmed.map(\.kind) == [.initialPurchase, .expiration])
        #expect(confirmed.last?.details["reason"] == "billing_error")
    }

    @Test func refundIsARevocationDatedByTheStore() throws {
        let result = events([Facts.period("1000", from: 0, to: 30, cancelledOn: 12, reason: "1")], [], now: 13)
        let revocation = try #require(result.first { $0.kind == .revocation })
        #expect(revocation.occurredAt == Facts.day(12))
        #expect(revocation.details["cancellation_reason"] == "1")
    }

    @Test func upgradeIsAProductChange() throws {
        let result = events([
            Facts.period("1000", product: "basic.monthly", from: 0, to: 30, cancelledOn: 10, upgraded: true),
            Facts.period("1001", product: "pro.monthly", from: 10, to: 40),
        ], [], now: 11)
        let change = try #require(result.first { $0.kind == .productChange })
        #expect(change.details["change"] == "upgrade")
        #expect(change.details["from_product_id"] == "basic.monthly")
        #expect(!result.contains { $0.kind == .revocation || $0.kind == .renewal })
    }

    @Test func downgradeTakesEffectAtRenewal() throws {
        let result = events([
            Facts.period("1000", product: "pro.monthly", from: 0, to: 30),
            Facts.period("1001", product: "basic.monthly", from: 30, to: 60),
        ], [Facts.renewal(product: "pro.monthly", observedOn: 5, renewsTo: "basic.monthly")], now: 31)
        let change = try #require(result.first { $0.kind == .productChange })
        #expect(change.details["change"] == "downgrade")
        #expect(result.contains { $0.kind == .renewal })
    }

    @Test func offerRedemptionAndPriceConsent() {
        let result = events(
            [Facts.period("1000", from: 0, to: 30, offer: "retain")],
            [Facts.renewal(observedOn: 0), Facts.renewal(observedOn: 3, priceConsent: .agreed)], now: 4
        )
        #expect(result.map(\.kind) == [.initialPurchase, .offerRedeemed, .priceIncreaseConsent])
    }

    @Test func nothingHappensBeforeItHappens() {
        let result = events([Facts.period("1000", from: 0, to: 30), Facts.period("1001", from: 30, to: 60)], [], now: 10)
        #expect(result.map(\.kind) == [.initialPurchase])
    }
}
