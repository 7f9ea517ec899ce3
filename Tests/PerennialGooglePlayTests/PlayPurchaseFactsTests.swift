import Foundation
import PerennialCore
@testable import PerennialGooglePlay
import Testing

/// Play histories through the translation and the engine: each row is a SubscriptionPurchaseV2 as Google
/// returns it and what the engine must conclude at an instant.
@Suite("Google Play purchases: facts and the engine's states")
struct PlayPurchaseFactsTests {
    static let token = "token-abc.def_123"
    static let read = PlayTimestamp.instant("2026-11-10T10:00:00Z")!
    static let afterExpiry = PlayTimestamp.instant("2026-12-05T10:00:00Z")!

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var body: @Sendable () -> PlayPurchaseBody
        var at: Instant = PlayPurchaseFactsTests.read
        var status: SubscriptionStatus?
        var reason: ExpirationReason? = nil
        var willRenew: Bool? = nil
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "active, base price", body: { PlayPurchaseBody() }, status: .active, willRenew: true),
        Row(name: "free trial", body: { PlayPurchaseBody(phase: "freeTrial") }, status: .trial),
        Row(name: "introductory price", body: { PlayPurchaseBody(phase: "introductoryPrice") }, status: .introductory),
        Row(name: "canceled by the user, still in its period", body: {
            PlayPurchaseBody(state: "SUBSCRIPTION_STATE_CANCELED", autoRenew: false,
                             extra: ["canceledStateContext": ["userInitiatedCancellation": ["cancelTime": "2026-11-05T10:00:00Z"]]])
        }, status: .active, willRenew: false),
        Row(name: "canceled by the user, after its period", body: {
            PlayPurchaseBody(state: "SUBSCRIPTION_STATE_EXPIRED", autoRenew: false,
                             extra: ["canceledStateContext": ["userInitiatedCancellation": [String: Any]()]])
        }, at: afterExpiry, status: .expired, reason: .voluntary),
        Row(name: "in grace: the expiry is the grace period's end", body: {
            PlayPurchaseBody(state: "SUBSCRIPTION_STATE_IN_GRACE_PERIOD", expiryTime: "2026-11-13T10:00:00Z")
        }, status: .gracePeriod),
        Row(name: "account hold: no access", body: {
            PlayPurchaseBody(state: "SUBSCRIPTION_STATE_ON_HOLD", expiryTime: "2026-11-08T10:00:00Z")
        }, status: .billingRetry),
        Row(name: "paused until a known time", body: {
            PlayPurchaseBody(state: "SUBSCRIPTION_STATE_PAUSED", expiryTime: "2026-11-08T10:00:00Z",
                             extra: ["pausedStateContext": ["autoResumeTime": "2026-12-08T10:00:00Z"]])
        }, status: .paused),
        Row(name: "expired after billing failed", body: {
            PlayPurchaseBody(state: "SUBSCRIPTION_STATE_EXPIRED",
                             extra: ["canceledStateContext": ["systemInitiatedCancellation": [String: Any]()]])
        }, at: afterExpiry, status: .expired, reason: .billingError),
        Row(name: "revoked by the developer", body: {
            PlayPurchaseBody(state: "SUBSCRIPTION_STATE_EXPIRED", expiryTime: "2026-11-09T10:00:00Z",
                             extra: ["canceledStateContext": ["developerInitiatedCancellation": [String: Any]()]])
        }, status: .expired, reason: .developerCancelled),
        Row(name: "replaced by an upgrade", body: {
            PlayPurchaseBody(state: "SUBSCRIPTION_STATE_EXPIRED", expiryTime: "2026-11-09T10:00:00Z",
                             extra: ["canceledStateContext": ["replacementCancellation": [String: Any]()]])
        }, status: .expired, reason: .replaced),
        Row(name: "pending payment: nothing bought", body: {
            PlayPurchaseBody(state: "SUBSCRIPTION_STATE_PENDING", orderID: nil)
        }, status: nil),
        Row(name: "pending purchase cancelled", body: {
            PlayPurchaseBody(state: "SUBSCRIPTION_STATE_PENDING_PURCHASE_CANCELED", orderID: nil)
        }, status: nil),
        Row(name: "a state Google adds later is kept, the expiry decides", body: {
            PlayPurchaseBody(state: "SUBSCRIPTION_STATE_SOMETHING_NEW")
        }, status: .active),
        Row(name: "a pause scheduled while the period runs: still active", body: {
            PlayPurchaseBody(extra: ["pausedStateContext": ["autoResumeTime": "2027-01-01T10:00:00Z"]])
        }, status: .active, willRenew: true),
        Row(name: "paused, then resumed by Google: the new period is active", body: {
            PlayPurchaseBody(orderID: "GPA.3345-1234-5678-90123..1", expiryTime: "2027-01-01T10:00:00Z")
        }, at: afterExpiry, status: .active),
        Row(name: "a prepaid plan within its period", body: {
            PlayPurchaseBody(autoRenew: false, lineItemExtra: ["prepaidPlan": ["allowExtendAfterTime": "2026-11-20T10:00:00Z"], "autoRenewingPlan": NSNull()])
        }, status: .active, willRenew: false),
        Row(name: "a prepaid plan after its period, not topped up", body: {
            PlayPurchaseBody(state: "SUBSCRIPTION_STATE_EXPIRED", autoRenew: false, lineItemExtra: ["prepaidPlan": [String: Any](), "autoRenewingPlan": NSNull()])
        }, at: afterExpiry, status: .expired, reason: .voluntary),
        Row(name: "a test purchase in the sandbox", body: {
            PlayPurchaseBody(extra: ["testPurchase": [String: Any]()])
        }, status: .active),
    ]

    @Test(arguments: rows)
    func engineConcludes(_ row: Row) throws {
        let purchase = try PlaySubscriptionPurchase.decode(from: row.body().data)
        let states = SubscriptionEngine().states(of: purchase.facts(token: Self.token, observedAt: Self.read), at: row.at)
        guard let status = row.status else {
            #expect(states.isEmpty)
            return
        }
        let state = try #require(states.first)
        #expect(states.count == 1)
        #expect(state.status == status)
        #expect(state.key == SubscriptionKey(store: .playStore, id: Self.token))
        if let reason = row.reason { #expect(state.expirationReason == reason) }
        if let willRenew = row.willRenew { #expect(state.willRenew == willRenew) }
        #expect(state.grantsAccess == [.active, .trial, .introductory, .gracePeriod].contains(status))
    }

    /// The same history read many times, in any order, with copies: the same state.
    @Test func readsInAnyOrderWithCopiesGiveOneState() throws {
        let reads = [
            (PlayPurchaseBody(), Self.read),
            (PlayPurchaseBody(orderID: "GPA.3345-1234-5678-90123..0", expiryTime: "2027-01-01T10:00:00Z"), PlayTimestamp.instant("2026-12-01T10:01:00Z")!),
            (PlayPurchaseBody(state: "SUBSCRIPTION_STATE_CANCELED", orderID: "GPA.3345-1234-5678-90123..0", expiryTime: "2027-01-01T10:00:00Z", autoRenew: false,
                              extra: ["canceledStateContext": ["userInitiatedCancellation": [String: Any]()]]), PlayTimestamp.instant("2026-12-10T10:00:00Z")!),
        ]
        let batches = try reads.map { body, at in try PlaySubscriptionPurchase.decode(from: body.data).facts(token: Self.token, observedAt: at) }
        let at = PlayTimestamp.instant("2026-12-15T10:00:00Z")!
        var seen: Set<SubscriptionState> = []
        for order in [[0, 1, 2], [2, 1, 0], [1, 2, 0, 1], [2, 2, 0, 1, 0]] {
            let chosen = order.map { batches[$0] }
            let state = try #require(SubscriptionEngine().state(
                transactions: chosen.flatMap(\.transactions), renewalInfos: chosen.flatMap(\.renewalInfos), at: at
            ))
            seen.insert(state)
        }
        #expect(seen.count == 1)
        let state = try #require(seen.first)
        #expect(state.status == .active)
        #expect(state.willRenew == false)
        #expect(state.renewalCount == 1)
        #expect(state.latestPurchasedAt == PlayTimestamp.instant("2026-12-01T10:01:00Z"))
    }

    @Test func factsCarryGooglesDetails() throws {
        var body = PlayPurchaseBody(acknowledged: false)
        body.extra["externalAccountIdentifiers"] = ["obfuscatedExternalAccountId": "user-42"]
        body.extra["testPurchase"] = [String: Any]()
        body.extra["pausedStateContext"] = ["autoResumeTime": "2026-12-08T10:00:00Z"]
        let facts = try PlaySubscriptionPurchase.decode(from: body.data).facts(token: Self.token, observedAt: Self.read)
        let transaction = try #require(facts.transactions.first)
        #expect(transaction.transactionID == "GPA.3345-1234-5678-90123")
        #expect(transaction.purchasedAt == PlayTimestamp.instant("2026-11-01T10:00:00Z"))
        #expect(transaction.price == Money(minorUnits: 499, currency: "EUR"))
        #expect(transaction.storefront == "DE")
        #expect(transaction.appAccountToken == "user-42")
        #expect(transaction.isAcknowledged == false)
        #expect(transaction.environment == .sandbox)
        // Only a paused subscription carries its resume time.
        #expect(facts.renewalInfos.first?.pausedUntil == nil)
    }

    @Test func aResubscribeFromThePlayStoreNamesTheExpiredPurchaseAndItsCustomer() throws {
        var body = PlayPurchaseBody(acknowledged: false)
        body.extra["outOfAppPurchaseContext"] = [
            "expiredPurchaseToken": "expired-token", "expiredExternalAccountIdentifiers": ["obfuscatedExternalAccountId": "user-7"],
        ]
        let purchase = try PlaySubscriptionPurchase.decode(from: body.data)
        #expect(purchase.continuedPurchaseToken == "expired-token")
        #expect(purchase.facts(token: Self.token, observedAt: Self.read).transactions.first?.appAccountToken == "user-7")
        body.extra["linkedPurchaseToken"] = "replaced-token"
        body.extra["externalAccountIdentifiers"] = ["obfuscatedExternalAccountId": "user-8"]
        let linked = try PlaySubscriptionPurchase.decode(from: body.data)
        #expect(linked.continuedPurchaseToken == "replaced-token", "a link made in the app comes first")
        #expect(linked.facts(token: Self.token, observedAt: Self.read).transactions.first?.appAccountToken == "user-8")
    }

    @Test func aRenewalIsDatedWhenFirstSeenAndCopiesMergeToTheEarliest() throws {
        let body = PlayPurchaseBody(orderID: "GPA.3345-1234-5678-90123..2")
        let purchase = try PlaySubscriptionPurchase.decode(from: body.data)
        let first = purchase.facts(token: Self.token, observedAt: Self.read)
        let later = purchase.facts(token: Self.token, observedAt: Self.read.adding(milliseconds: 86_400_000))
        #expect(first.transactions[0].purchasedAt == Self.read)
        for facts in [first.transactions + later.transactions, later.transactions + first.transactions] {
            let state = try #require(SubscriptionEngine().state(transactions: facts, renewalInfos: [], at: Self.read))
            #expect(state.latestPurchasedAt == Self.read)
        }
    }

    /// An upgrade: the old token's purchase is replaced, the new token links it. Under one subscription id
    /// (the chain's first token), in any order and with duplicates, the new token's order decides: one
    /// subscription, one entitlement.
    @Test func aChainOfTokensIsOneSubscription() throws {
        let old = try PlaySubscriptionPurchase.decode(from: PlayPurchaseBody(
            state: "SUBSCRIPTION_STATE_EXPIRED", expiryTime: "2026-11-09T10:00:00Z",
            extra: ["canceledStateContext": ["replacementCancellation": [String: Any]()]]
        ).data)
        let new = try PlaySubscriptionPurchase.decode(from: PlayPurchaseBody(
            productID: "premium_yearly", orderID: "GPA.9999-0000-1111-22222", startTime: "2026-11-09T10:00:00Z",
            expiryTime: "2027-11-09T10:00:00Z", extra: ["linkedPurchaseToken": Self.token]
        ).data)
        let oldFacts = old.facts(token: Self.token, observedAt: Self.read)
        let newFacts = new.facts(token: "token-new", subscriptionID: Self.token, observedAt: Self.read)
        let orders = [oldFacts, newFacts, oldFacts]
        for ordering in [orders, orders.reversed()] {
            let batch = FactBatch(
                transactions: ordering.flatMap(\.transactions), renewalInfos: ordering.flatMap(\.renewalInfos)
            )
            let states = SubscriptionEngine().states(of: batch, at: Self.read)
            #expect(states.count == 1)
            #expect(states.first?.productID == "premium_yearly")
            #expect(states.first?.status == .active)
            #expect(states.first?.latestTransactionID == "GPA.9999-0000-1111-22222")
        }
    }

    @Test func renewalOrdersAreRecognised() {
        #expect(PlaySubscriptionPurchase.isRenewalOrder("GPA.1234-5678-9012-34567..0"))
        #expect(PlaySubscriptionPurchase.isRenewalOrder("GPA.1234-5678-9012-34567..12"))
        #expect(!PlaySubscriptionPurchase.isRenewalOrder("GPA.1234-5678-9012-34567"))
        #expect(!PlaySubscriptionPurchase.isRenewalOrder("GPA.1234..x"))
    }
}
