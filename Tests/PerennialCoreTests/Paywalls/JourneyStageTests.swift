import PerennialCore
import Testing

/// Journey stages as a table: what Perennial knows of a customer, and the stage a paywall's targeting sees.
@Suite struct JourneyStageTests {
    static let now = Instant(milliseconds: 1_772_323_200_000)
    static func day(_ count: Double) -> Instant { now.adding(milliseconds: Int64(count * 86_400_000)) }

    static func state(
        _ status: SubscriptionStatus, _ type: ProductType = .autoRenewable, renews: Bool = true, ends: Double = 10,
        reason: ExpirationReason? = nil, id: String = "s1"
    ) -> SubscriptionState {
        SubscriptionState(
            key: SubscriptionKey(store: .stripe, id: id), environment: .sandbox, productType: type, productID: "pro", status: status,
            expirationReason: reason, originalPurchasedAt: day(-40), latestPurchasedAt: day(-20), expiresAt: type == .autoRenewable ? day(ends) : nil,
            willRenew: renews, latestTransactionID: "t-\(id)")
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var states: [SubscriptionState]
        var firstSeen: Double
        var lastActive: Double?
        var stage: JourneyStage
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "first seen an hour ago", states: [], firstSeen: -0.04, lastActive: nil, stage: .new),
        Row(name: "first seen a week ago, active yesterday", states: [], firstSeen: -7, lastActive: -1, stage: .engaged),
        Row(name: "first seen a week ago, never reported active since", states: [], firstSeen: -7, lastActive: nil, stage: .engaged),
        Row(name: "free, inactive for three weeks", states: [], firstSeen: -60, lastActive: -21, stage: .lapsing),
        Row(name: "bought coins only, and new", states: [state(.active, .consumable)], firstSeen: -1, lastActive: nil, stage: .new),
        Row(name: "in a trial that renews", states: [state(.trial)], firstSeen: -2, lastActive: -1, stage: .trial),
        Row(name: "in a trial turned off", states: [state(.trial, renews: false)], firstSeen: -2, lastActive: -1, stage: .lapsing),
        Row(name: "paying and renewing", states: [state(.active)], firstSeen: -90, lastActive: -30, stage: .subscriber),
        Row(name: "paying, renewal turned off", states: [state(.active, renews: false)], firstSeen: -90, lastActive: nil, stage: .lapsing),
        Row(name: "in a grace period", states: [state(.gracePeriod)], firstSeen: -90, lastActive: nil, stage: .lapsing),
        Row(name: "in billing retry", states: [state(.billingRetry, ends: -2)], firstSeen: -90, lastActive: nil, stage: .lapsing),
        Row(name: "paused", states: [state(.paused, ends: -2)], firstSeen: -90, lastActive: nil, stage: .lapsing),
        Row(name: "owns a lifetime purchase", states: [state(.active, .nonConsumable, renews: false)], firstSeen: -90, lastActive: nil, stage: .subscriber),
        Row(name: "expired after cancelling", states: [state(.expired, renews: false, ends: -5, reason: .voluntary)], firstSeen: -90, lastActive: -1,
            stage: .churned(reason: .voluntary)),
        Row(name: "expired for billing", states: [state(.expired, renews: false, ends: -5, reason: .billingError)], firstSeen: -90, lastActive: nil,
            stage: .churned(reason: .billingError)),
        Row(name: "refunded", states: [state(.revoked, renews: false, ends: 5)], firstSeen: -90, lastActive: nil, stage: .churned(reason: nil)),
        Row(name: "churned on one store, subscribing on another", states: [
            state(.expired, renews: false, ends: -30, reason: .voluntary, id: "old"), state(.active, id: "new"),
        ], firstSeen: -90, lastActive: nil, stage: .subscriber),
        Row(name: "two ended: the last one's reason", states: [
            state(.expired, renews: false, ends: -30, reason: .voluntary, id: "a"), state(.expired, renews: false, ends: -3, reason: .priceIncrease, id: "b"),
        ], firstSeen: -90, lastActive: nil, stage: .churned(reason: .priceIncrease)),
    ]

    @Test(arguments: rows)
    func stage(_ row: Row) {
        let stage = JourneyStageRule().stage(
            of: row.states, firstSeenAt: Self.day(row.firstSeen), lastActiveAt: row.lastActive.map(Self.day), at: Self.now)
        #expect(stage == row.stage)
    }

    @Test func theDaysAreTheRulesOwn() {
        let rule = JourneyStageRule(newForDays: 10, inactiveAfterDays: 3)
        #expect(rule.stage(of: [], firstSeenAt: Self.day(-7), lastActiveAt: nil, at: Self.now) == .new)
        #expect(rule.stage(of: [], firstSeenAt: Self.day(-12), lastActiveAt: Self.day(-4), at: Self.now) == .lapsing)
        #expect(JourneyStage.churned(reason: .voluntary).name == "churned")
    }
}
