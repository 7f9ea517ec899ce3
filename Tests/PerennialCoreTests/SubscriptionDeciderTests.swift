import PerennialCore
import PerennialTesting
import Testing

@Suite("The decider: state, events and effects")
struct SubscriptionDeciderTests {
    let decider = SubscriptionDecider(catalog: Catalog(products: [
        Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 1, entitlements: ["pro"]),
    ]))
    let key = SubscriptionKey(store: .appStore, id: "1000")

    /// A purchase its store says nobody acknowledged yet (Google Play's `acknowledgementState`).
    static func unacknowledged(_ fact: TransactionFact) -> TransactionFact {
        var fact = fact
        fact.isAcknowledged = false
        return fact
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var transactions: [TransactionFact]
        var renewals: [RenewalInfoFact] = []
        var now: Double
        var status: SubscriptionStatus
        /// The effects other than `notify`, which follow the new events one for one.
        var effects: [SubscriptionEffect]
        var testDescription: String { name }
    }

    static let key = SubscriptionKey(store: .appStore, id: "1000")

    static let cases: [Case] = [
        Case(name: "active: check again when the period ends", transactions: [Facts.period("1000", from: 0, to: 30)],
             now: 10, status: .active, effects: [.checkStatus(key, at: Facts.day(30))]),
        Case(name: "grace period: check again when it ends",
             transactions: [Facts.period("1000", from: 0, to: 30)],
             renewals: [Facts.renewal(observedOn: 30.5, billingRetry: true, graceUntil: 36)],
             now: 31, status: .gracePeriod, effects: [.checkStatus(key, at: Facts.day(36))]),
        Case(name: "paused: check again when it resumes",
             transactions: [Facts.period("1000", from: 0, to: 30)],
             renewals: [Facts.renewal(observedOn: 29, pausedUntil: 60)],
             now: 40, status: .paused, effects: [.checkStatus(key, at: Facts.day(60))]),
        Case(name: "account hold: only the store can change it", transactions: [Facts.period("1000", from: 0, to: 30)],
             renewals: [Facts.renewal(observedOn: 30.5, billingRetry: true)], now: 31, status: .billingRetry, effects: []),
        Case(name: "expired: nothing more", transactions: [Facts.period("1000", from: 0, to: 30)],
             renewals: [Facts.renewal(observedOn: 31, willRenew: false)], now: 40, status: .expired, effects: []),
        Case(name: "an unacknowledged purchase that grants access is acknowledged",
             transactions: [unacknowledged(Facts.period("1000", from: 0, to: 30))], now: 1, status: .active,
             effects: [.acknowledge(key, transactionID: "1000"), .checkStatus(key, at: Facts.day(30))]),
        Case(name: "only the deciding purchase is acknowledged",
             transactions: [unacknowledged(Facts.period("1000", from: 0, to: 30)), unacknowledged(Facts.period("1001", from: 30, to: 60))],
             now: 31, status: .active,
             effects: [.acknowledge(key, transactionID: "1001"), .checkStatus(key, at: Facts.day(60))]),
        Case(name: "an acknowledged purchase is not acknowledged again",
             transactions: [{ var fact = Facts.period("1000", from: 0, to: 30); fact.isAcknowledged = true; return fact }()],
             now: 1, status: .active, effects: [.checkStatus(key, at: Facts.day(30))]),
        Case(name: "a refunded purchase is not acknowledged",
             transactions: [unacknowledged(Facts.period("1000", from: 0, to: 30, cancelledOn: 2))], now: 3, status: .revoked, effects: []),
        Case(name: "a lapsed purchase is not acknowledged",
             transactions: [unacknowledged(Facts.period("1000", from: 0, to: 30))],
             renewals: [Facts.renewal(observedOn: 31, willRenew: false)], now: 40, status: .expired, effects: []),
    ]

    @Test(arguments: cases)
    func decides(_ row: Case) throws {
        let decision = try #require(decider.decide(
            transactions: row.transactions, renewalInfos: row.renewals, recorded: [], at: Facts.day(row.now)))
        #expect(decision.state.status == row.status)
        #expect(decision.effects == decision.newEvents.map(SubscriptionEffect.notify) + row.effects)
    }

    @Test func recordedEventsAreNotNewAndUnsupportedOnesAreRetracted() throws {
        let transactions = [Facts.period("1000", from: 0, to: 30), Facts.period("1001", from: 30, to: 60)]
        let first = try #require(decider.decide(transactions: transactions, renewalInfos: [], recorded: [], at: Facts.day(31)))
        #expect(first.newEvents.map(\.kind) == [.initialPurchase, .renewal])
        let stale = LifecycleEvent(kind: .revocation, subscription: key, productID: "pro.monthly", occurredAt: Facts.day(5))
        let transfer = LifecycleEvent(kind: .transferred, subscription: key, productID: "pro.monthly", occurredAt: Facts.day(6))
        let again = try #require(decider.decide(
            transactions: transactions, renewalInfos: [], recorded: first.newEvents + [stale, transfer], at: Facts.day(31)))
        #expect(again.newEvents.isEmpty)
        #expect(again.retractedEventFingerprints == [stale.fingerprint], "a transfer is never retracted")
        #expect(again.effects == [.checkStatus(key, at: Facts.day(60))])
    }

    @Test func renewalInfoAloneDecidesNothing() {
        #expect(decider.decide(transactions: [], renewalInfos: [Facts.renewal(observedOn: 1)], recorded: [], at: Facts.day(2)) == nil)
    }

    @Test func theDecisionDoesNotDependOnTheOrderOfFacts() {
        let transactions = [unacknowledged(Facts.period("1000", from: 0, to: 30)), Facts.period("1001", from: 30, to: 60)]
        let renewals = [Facts.renewal(observedOn: 1), Facts.renewal(observedOn: 31, willRenew: false)]
        let forward = decider.decide(transactions: transactions, renewalInfos: renewals, recorded: [], at: Facts.day(40))
        let backward = decider.decide(
            transactions: transactions.reversed(), renewalInfos: renewals.reversed(), recorded: [], at: Facts.day(40))
        #expect(forward == backward)
        #expect(forward?.effects.contains(.checkStatus(key, at: Facts.day(60))) == true)
    }

    private func unacknowledged(_ fact: TransactionFact) -> TransactionFact { Self.unacknowledged(fact) }
}
