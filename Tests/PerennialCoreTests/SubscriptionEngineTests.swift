import PerennialCore
import PerennialTesting
import Testing

/// One row of the engine table: facts, an instant, and what the state must be.
struct EngineCase: CustomTestStringConvertible, Sendable {
    var name: String
    var transactions: [TransactionFact]
    var renewals: [RenewalInfoFact] = []
    var at: Double
    var status: SubscriptionStatus
    var reason: ExpirationReason? = nil
    var revocation: RevocationReason? = nil
    var product = "pro.monthly"
    var willRenew: Bool? = nil
    var renewsTo: String? = nil
    var renewalCount: Int? = nil
    var ownership: Ownership = .purchased

    var testDescription: String { name }
}

private let monthly = "pro.monthly", annual = "pro.annual", basic = "basic.monthly"

private let cases: [EngineCase] = [
    EngineCase(
        name: "free trial", transactions: [Facts.period("1000", from: 0, to: 7, trial: true)],
        renewals: [Facts.renewal(observedOn: 0)], at: 3, status: .trial, willRenew: true, renewalCount: 0
    ),
    EngineCase(
        name: "introductory price", transactions: [Facts.period("1000", from: 0, to: 30, intro: true)],
        renewals: [Facts.renewal(observedOn: 0)], at: 3, status: .introductory, willRenew: true
    ),
    EngineCase(
        name: "trial converted and renewed twice",
        transactions: [
            Facts.period("1000", from: 0, to: 7, trial: true), Facts.period("1001", from: 7, to: 37),
            Facts.period("1002", from: 37, to: 67), Facts.period("1003", from: 67, to: 97),
        ],
        renewals: [Facts.renewal(observedOn: 70)], at: 70, status: .active, willRenew: true, renewalCount: 3
    ),
    EngineCase(
        name: "auto-renew off, still in period", transactions: [Facts.period("1000", from: 0, to: 30)],
        renewals: [Facts.renewal(observedOn: 5, willRenew: false)], at: 10, status: .active, willRenew: false
    ),
    EngineCase(
        name: "paused after its period: no access until it resumes", transactions: [Facts.period("1000", from: 0, to: 30)],
        renewals: [Facts.renewal(observedOn: 29, pausedUntil: 60)], at: 45, status: .paused, willRenew: true
    ),
    EngineCase(
        name: "a pause does not cut a period short", transactions: [Facts.period("1000", from: 0, to: 30)],
        renewals: [Facts.renewal(observedOn: 10, pausedUntil: 60)], at: 20, status: .active, willRenew: true
    ),
    EngineCase(
        name: "resumed and renewed", transactions: [Facts.period("1000", from: 0, to: 30), Facts.period("1001", from: 60, to: 90)],
        renewals: [Facts.renewal(observedOn: 29, pausedUntil: 60)], at: 65, status: .active, willRenew: true, renewalCount: 1
    ),
    EngineCase(
        name: "past the pause with no renewal: expired, reason unknown until the store says",
        transactions: [Facts.period("1000", from: 0, to: 30)],
        renewals: [Facts.renewal(observedOn: 29, pausedUntil: 60)], at: 61, status: .expired, willRenew: false
    ),
    EngineCase(
        name: "ended by the store mid-period (cancelled at once, no refund): expired then",
        transactions: [Facts.period("1000", from: 0, to: 30)],
        renewals: [Facts.renewal(observedOn: 10, willRenew: false, intent: 1, endedOn: 10)], at: 11,
        status: .expired, reason: .voluntary, willRenew: false
    ),
    EngineCase(
        name: "an end before the store said so is not read back into an earlier period",
        transactions: [Facts.period("1000", from: 0, to: 30), Facts.period("1001", from: 30, to: 60)],
        renewals: [Facts.renewal(observedOn: 10, willRenew: false, endedOn: 10)], at: 35, status: .active, willRenew: false,
        renewalCount: 1
    ),
    EngineCase(
        name: "billing retry without grace (account hold)", transactions: [Facts.period("1000", from: 0, to: 30)],
        renewals: [Facts.renewal(observedOn: 30.5, billingRetry: true)], at: 31, status: .billingRetry
    ),
    EngineCase(
        name: "expired voluntarily (intent 1)", transactions: [Facts.period("1000", from: 0, to: 30)],
        renewals: [Facts.renewal(observedOn: 31, willRenew: false, intent: 1, billingRetry: false)], at: 31,
        status: .expired, reason: .voluntary, willRenew: false
    ),
    EngineCase(
        name: "expired on billing error (intent 2)", transactions: [Facts.period("1000", from: 0, to: 30)],
        renewals: [Facts.renewal(observedOn: 91, intent: 2, billingRetry: false)], at: 91, status: .expired,
        reason: .billingError, willRenew: false
    ),
    EngineCase(
        name: "expired on price increase (intent 3)", transactions: [Facts.period("1000", from: 0, to: 30)],
        renewals: [Facts.renewal(observedOn: 31, willRenew: false, intent: 3, priceConsent: .pending)], at: 31,
        status: .expired, reason: .priceIncrease
    ),
    EngineCase(
        name: "expired, product unavailable (intent 4)", transactions: [Facts.period("1000", from: 0, to: 30)],
        renewals: [Facts.renewal(observedOn: 31, intent: 4)], at: 31, status: .expired, reason: .productUnavailable
    ),
    EngineCase(
        name: "expired, unknown (intent 5)", transactions: [Facts.period("1000", from: 0, to: 30)],
        renewals: [Facts.renewal(observedOn: 31, intent: 5)], at: 31, status: .expired, reason: .unknown
    ),
    EngineCase(
        name: "expired with no renewal info after the period", transactions: [Facts.period("1000", from: 0, to: 30)],
        renewals: [Facts.renewal(observedOn: 1, willRenew: false)], at: 40, status: .expired, reason: .voluntary
    ),
    EngineCase(
        name: "period ended while set to renew, store not heard from yet", transactions: [Facts.period("1000", from: 0, to: 30)],
        renewals: [Facts.renewal(observedOn: 1)], at: 31, status: .expired, reason: nil, willRenew: false
    ),
    EngineCase(
        name: "store reported after the period, no renewal, no reason", transactions: [Facts.period("1000", from: 0, to: 30)],
        renewals: [Facts.renewal(observedOn: 45)], at: 46, status: .expired, reason: .unknown, willRenew: false
    ),
    EngineCase(
        name: "grace period", transactions: [Facts.period("1000", from: 0, to: 30)],
        renewals: [Facts.renewal(observedOn: 30.5, billingRetry: true, graceUntil: 46)], at: 31,
        status: .gracePeriod, willRenew: true
    ),
    EngineCase(
        name: "grace period over, still retrying", transactions: [Facts.period("1000", from: 0, to: 30)],
        renewals: [Facts.renewal(observedOn: 30.5, billingRetry: true, graceUntil: 46)], at: 47,
        status: .billingRetry
    ),
    EngineCase(
        name: "billing retry without grace period", transactions: [Facts.period("1000", from: 0, to: 30)],
        renewals: [Facts.renewal(observedOn: 31, intent: 2, billingRetry: true)], at: 32, status: .billingRetry
    ),
    EngineCase(
        name: "recovered from billing retry",
        transactions: [Facts.period("1000", from: 0, to: 30), Facts.period("1001", from: 35, to: 65)],
        renewals: [Facts.renewal(observedOn: 31, intent: 2, billingRetry: true), Facts.renewal(observedOn: 35)],
        at: 36, status: .active, willRenew: true, renewalCount: 1
    ),
    EngineCase(
        name: "latest renewal refunded", transactions: [
            Facts.period("1000", from: 0, to: 30), Facts.period("1001", from: 30, to: 60, cancelledOn: 40, reason: "1"),
        ], renewals: [Facts.renewal(observedOn: 40)], at: 41, status: .revoked, revocation: .refund
    ),
    EngineCase(
        name: "older renewal refunded, latest valid", transactions: [
            Facts.period("1000", from: 0, to: 30, cancelledOn: 20, reason: "0"), Facts.period("1001", from: 30, to: 60),
        ], renewals: [Facts.renewal(observedOn: 31)], at: 41, status: .active
    ),
    EngineCase(
        name: "refund known later than the instant asked about", transactions: [
            Facts.period("1000", from: 0, to: 30, cancelledOn: 20, reason: "0"),
        ], renewals: [Facts.renewal(observedOn: 1)], at: 10, status: .active
    ),
    EngineCase(
        name: "family sharing revoked", transactions: [
            Facts.period("2000", original: "2000", from: 0, to: 30, cancelledOn: 5, ownership: .familyShared),
        ], at: 6, status: .revoked, revocation: .familySharingRevoked, ownership: .familyShared
    ),
    EngineCase(
        name: "family shared and active", transactions: [
            Facts.period("2000", original: "2000", from: 0, to: 30, ownership: .familyShared),
        ], renewals: [Facts.renewal(original: "2000", observedOn: 0)], at: 6, status: .active, ownership: .familyShared
    ),
    EngineCase(
        name: "upgrade moves the subscription to the new product", transactions: [
            Facts.period("1000", product: basic, from: 0, to: 30, cancelledOn: 10, upgraded: true),
            Facts.period("1001", product: monthly, from: 10, to: 40),
        ], renewals: [Facts.renewal(observedOn: 10)], at: 11, status: .active, product: monthly, renewalCount: 0
    ),
    EngineCase(
        name: "pending downgrade", transactions: [Facts.period("1000", product: annual, from: 0, to: 365)],
        renewals: [Facts.renewal(product: annual, observedOn: 20, renewsTo: basic)], at: 21, status: .active,
        product: annual, willRenew: true, renewsTo: basic
    ),
    EngineCase(
        name: "same transaction from in_app and latest_receipt_info, one copy refunded", transactions: [
            Facts.period("1000", from: 0, to: 30), Facts.period("1000", from: 0, to: 30, cancelledOn: 3, reason: "1"),
        ], at: 4, status: .revoked, revocation: .refund
    ),
    EngineCase(
        name: "stale renewal info does not describe a newer period", transactions: [
            Facts.period("1000", from: 0, to: 30), Facts.period("1001", from: 30, to: 60),
        ], renewals: [Facts.renewal(observedOn: 29, intent: 1, billingRetry: false)], at: 45, status: .active
    ),
    EngineCase(
        name: "non-consumable grants for ever", transactions: [Facts.purchase("5000", product: "lifetime", on: 0)],
        at: 10_000, status: .active, product: "lifetime"
    ),
    EngineCase(
        name: "non-consumable refunded", transactions: [Facts.purchase("5000", product: "lifetime", on: 0, cancelledOn: 2)],
        at: 3, status: .revoked, revocation: .refund, product: "lifetime"
    ),
]

@Suite("Subscription engine")
struct SubscriptionEngineTests {
    let engine = SubscriptionEngine(catalog: Catalog(products: [
        Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 2, entitlements: ["pro"]),
        Product(id: "pro.annual", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 2, entitlements: ["pro"]),
        Product(id: "basic.monthly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 3, entitlements: ["basic"]),
        Product(id: "lifetime", type: .nonConsumable, entitlements: ["pro"]),
        Product(id: "coins", type: .consumable, entitlements: ["coins"]),
        Product(id: "season", type: .nonRenewing, durationDays: 90, entitlements: ["pro"]),
    ]))

    @Test(arguments: cases)
    func state(of row: EngineCase) throws {
        let state = try #require(engine.state(transactions: row.transactions, renewalInfos: row.renewals, at: Facts.day(row.at)))
        #expect(state.status == row.status)
        #expect(state.expirationReason == row.reason)
        #expect(state.revocationReason == row.revocation)
        #expect(state.productID == row.product)
        #expect(state.ownership == row.ownership)
        if let willRenew = row.willRenew { #expect(state.willRenew == willRenew) }
        if let renewsTo = row.renewsTo { #expect(state.renewsToProductID == renewsTo) }
        if let renewalCount = row.renewalCount { #expect(state.renewalCount == renewalCount) }
    }

    @Test(arguments: cases)
    func orderAndDuplicatesDoNotMatter(of row: EngineCase) {
        let at = Facts.day(row.at)
        let expected = engine.state(transactions: row.transactions, renewalInfos: row.renewals, at: at)
        let reordered = engine.state(
            transactions: (row.transactions + row.transactions).reversed(), renewalInfos: row.renewals.reversed(), at: at
        )
        #expect(reordered == expected)
    }

    @Test("a batch folds each of its subscriptions as if alone, whether it holds one or several")
    func batchesOfOneOrManySubscriptions() throws {
        let at = Facts.day(40)
        let first = [Facts.period("1", original: "A", from: 0, to: 30), Facts.period("2", original: "A", from: 30, to: 60)]
        let second = [Facts.period("3", original: "B", product: "basic.monthly", from: 10, to: 35)]
        let renewalA = Facts.renewal(original: "A", observedOn: 35, willRenew: true)
        let renewalC = Facts.renewal(original: "C", observedOn: 35, willRenew: true)
        let firstAlone = try #require(engine.state(transactions: first, renewalInfos: [renewalA], at: at))
        let firstWithoutRenewal = try #require(engine.state(transactions: first, renewalInfos: [], at: at))
        let secondAlone = try #require(engine.state(transactions: second, renewalInfos: [], at: at))
        #expect(firstAlone != firstWithoutRenewal)

        #expect(engine.states(of: FactBatch(transactions: first, renewalInfos: [renewalA]), at: at) == [firstAlone])
        // Another subscription's renewal info (one with no transaction gives no state) is not this one's.
        #expect(engine.states(of: FactBatch(transactions: first, renewalInfos: [renewalC]), at: at) == [firstWithoutRenewal])
        #expect(engine.states(of: FactBatch(transactions: second + first, renewalInfos: [renewalC, renewalA]), at: at)
                == [firstAlone, secondAlone])
        #expect(engine.states(of: FactBatch(renewalInfos: [renewalA]), at: at).isEmpty)
    }

    @Test func aPauseSaysWhenItEndsAndIsAnEvent() throws {
        let transactions = [Facts.period("1000", from: 0, to: 30)]
        let renewals = [Facts.renewal(observedOn: 0), Facts.renewal(observedOn: 29, pausedUntil: 60)]
        let state = try #require(engine.state(transactions: transactions, renewalInfos: renewals, at: Facts.day(45)))
        #expect(state.resumesAt == Facts.day(60))
        #expect(state.validUntil == Facts.day(60), "time alone changes it when the pause ends")
        let events = EventDeriver(catalog: nil).events(transactions: transactions, renewalInfos: renewals, now: Facts.day(45))
        #expect(events.map(\.kind).contains(.paused))
    }

    @Test func graceAndBillingDates() throws {
        let state = try #require(engine.state(
            transactions: [Facts.period("1000", from: 0, to: 30)],
            renewalInfos: [Facts.renewal(observedOn: 30.5, billingRetry: true, graceUntil: 46)], at: Facts.day(31)
        ))
        #expect(state.gracePeriodExpiresAt == Facts.day(46))
        #expect(state.billingIssueDetectedAt == Facts.day(30))
    }

    @Test func consumablesGrantNothingLasting() throws {
        let state = try #require(engine.state(
            transactions: [Facts.purchase("6000", product: "coins", on: 0)], renewalInfos: [], at: Facts.day(1)
        ))
        #expect(state.productType == .consumable)
        #expect(!state.grantsAccess)
    }

    @Test func nonRenewingLastsItsDuration() throws {
        let facts = [Facts.purchase("7000", product: "season", on: 0)]
        let during = try #require(engine.state(transactions: facts, renewalInfos: [], at: Facts.day(89)))
        let after = try #require(engine.state(transactions: facts, renewalInfos: [], at: Facts.day(91)))
        #expect(during.status == .active)
        #expect(during.expiresAt == Facts.day(90))
        #expect(after.status == .expired)
    }

    @Test func offersAndPriceConsentAreKept() throws {
        let state = try #require(engine.state(
            transactions: [Facts.period("1000", from: 0, to: 30, offer: "winback50")],
            renewalInfos: [Facts.renewal(observedOn: 2, priceConsent: .agreed)], at: Facts.day(3)
        ))
        #expect(state.promotionalOfferID == "winback50")
        #expect(state.priceIncreaseConsent == .agreed)
    }

    @Test func withoutCatalogTheTypeIsInferred() throws {
        let engine = SubscriptionEngine()
        let subscription = try #require(engine.state(
            transactions: [Facts.period("1000", from: 0, to: 30)], renewalInfos: [], at: Facts.day(1)
        ))
        let oneTime = try #require(engine.state(
            transactions: [Facts.purchase("5000", product: "x", on: 0)], renewalInfos: [], at: Facts.day(1)
        ))
        #expect(subscription.productType == .autoRenewable)
        #expect(oneTime.productType == .nonConsumable)
    }

    @Test func twoSnapshotsOfOneInstantThatDifferOnlyInTheirEndAreOrderedTheSameWay() throws {
        let running = Facts.renewal(observedOn: 10, willRenew: false)
        let ended = Facts.renewal(observedOn: 10, willRenew: false, endedOn: 10)
        #expect(running.tieBreakKey != ended.tieBreakKey)
        #expect(RenewalInfoFact.latest(of: [running, ended]) == RenewalInfoFact.latest(of: [ended, running]))
        // A snapshot without an end keeps the key it had before ends existed.
        var withoutEnd = ended
        withoutEnd.endedAt = nil
        #expect(withoutEnd.tieBreakKey == running.tieBreakKey)
    }
}
