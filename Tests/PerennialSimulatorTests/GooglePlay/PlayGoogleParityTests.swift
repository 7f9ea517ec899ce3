import Foundation
import PerennialCore
import PerennialSimulator
import Testing

/// Where the Play simulator must behave as Google does for a client written against Google: voided purchases
/// listed by `type`, push tokens signed at real time, deferrals pushed as SUBSCRIPTION_DEFERRED, an
/// unacknowledged purchase refunded before a renewal due at the same instant, and the v1
/// `purchases.subscriptions` methods in their own shapes. (`GoogleLibraryTests` drives the same through
/// Google's Python client.)
@Suite struct PlayGoogleParityTests {
    /// 2026-01-01T00:00:00Z.
    static let start = Instant(milliseconds: 1_767_225_600_000)
    static let target = PlayPushTarget(
        endpoint: "https://perennial.test/push", audience: "https://perennial.test/push", serviceAccountEmail: "rtdn@example.iam.gserviceaccount.com"
    )

    static func makePlay(_ clock: SimulatorClock) throws -> PlaySimulator {
        try PlaySimulator(
            packageName: "com.example.perennial",
            products: [PlaySimulatorProduct(productID: "pro.monthly", basePlanID: "monthly", freeTrialOfferID: "trial")],
            oneTimeProductIDs: ["coins.100"], clock: clock
        )
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func voided(_ play: PlaySimulator, type: Int) async throws -> [[String: Any]] {
        try object(try await play.voidedPurchases(since: 0, type: type))["voidedPurchases"] as? [[String: Any]] ?? []
    }

    // MARK: voidedpurchases.list

    @Test func voidedPurchasesListOneTimeProductsUnlessTypeOneAsksForSubscriptionsToo() async throws {
        let play = try Self.makePlay(SimulatorClock(start: Self.start, rate: 0))
        let subscription = try await play.purchase(productID: "pro.monthly")
        let product = try await play.buyProduct(productID: "coins.100")
        try await play.refund(token: subscription)
        try await play.refund(token: product)
        #expect(try await Self.voided(play, type: 0).map { $0["purchaseToken"] as? String } == [product])
        #expect(try await Self.voided(play, type: 1).map { $0["purchaseToken"] as? String } == [subscription, product])
        await #expect(throws: PlaySimulatorError.self) { _ = try await play.voidedPurchases(since: 0, type: 2) }
    }

    // MARK: Push tokens

    @Test func aPushTokenIsIssuedAtTheWallClockWhateverTheSimulatedClockSays() async throws {
        let clock = SimulatorClock(start: Self.start, rate: 0)
        let play = try Self.makePlay(clock)
        clock.advance(by: .seconds(400 * 86_400))
        let token = try await play.pushToken(audience: Self.target.audience, email: Self.target.serviceAccountEmail)
        let claimsPart = try #require(token.split(separator: ".").dropFirst().first)
        let claims = try Self.object(try #require(Data(base64URL: String(claimsPart))))
        let issuedAt = try #require((claims["iat"] as? NSNumber)?.doubleValue)
        let expiry = try #require((claims["exp"] as? NSNumber)?.doubleValue)
        #expect(abs(issuedAt - Date().timeIntervalSince1970) < 60, "issued now, by the wall clock")
        #expect(expiry - issuedAt == 3_600)
    }

    // MARK: Deferrals

    @Test func aDeferralByEitherMethodPushesSubscriptionDeferred() async throws {
        let play = try Self.makePlay(SimulatorClock(start: Self.start, rate: 0))
        let pushes = RecordingPushSender()
        await play.setPush(Self.target, sender: pushes)
        let token = try await play.purchase(productID: "pro.monthly")
        let etag = try #require(try Self.object(try await play.subscription(token: token))["etag"] as? String)
        _ = try await play.deferRenewal(token: token, etag: etag, seconds: 86_400)
        let expiry = Self.start.milliseconds + 300_000 + 86_400_000
        #expect(try await play.deferV1(productID: "pro.monthly", token: token, expected: expiry, desired: expiry + 60_000) == expiry + 60_000)
        await play.deliver()
        #expect(pushes.pushes.compactMap(\.subscriptionNotificationType) == [4, 9, 9], "purchased, deferred twice")
    }

    // MARK: The acknowledgement deadline

    /// A month renews every 5 minutes and Google's three days to acknowledge last 5 minutes: both fall due at
    /// once, and the refund comes first, of the purchase's own order; no renewal is charged.
    @Test func anUnacknowledgedPurchaseIsRefundedBeforeARenewalDueAtTheSameInstant() async throws {
        let clock = SimulatorClock(start: Self.start, rate: 0)
        let play = try Self.makePlay(clock)
        let token = try await play.purchase(productID: "pro.monthly")
        let stem = try #require(try Self.object(try await play.subscription(token: token))["latestOrderId"] as? String)
        clock.advance(by: .seconds(PlaySimulator.acknowledgementMinutes * 60))
        let entries = try await Self.voided(play, type: 1)
        #expect(entries.map { $0["orderId"] as? String } == [stem], "the purchase's order, not a renewal's")
        #expect(entries.first?["voidedReason"] as? Int == 8)
        #expect(entries.first?["voidedTimeMillis"] as? String == "\(Self.start.milliseconds + 300_000)")
        let subscription = try Self.object(try await play.subscription(token: token))
        #expect(subscription["latestOrderId"] as? String == stem)
        #expect(subscription["subscriptionState"] as? String == "SUBSCRIPTION_STATE_EXPIRED")
        let order = try Self.object(try await play.order(id: stem))
        #expect(order["state"] as? String == "REFUNDED")
        await #expect(throws: PlaySimulatorError.self) { _ = try await play.order(id: stem + "..0") }
    }

    // MARK: The v1 purchases.subscriptions methods

    @Test func theV1SubscriptionPurchaseFollowsTheSubscriptionThroughItsStates() async throws {
        let clock = SimulatorClock(start: Self.start, rate: 0)
        let play = try Self.makePlay(clock)
        let token = try await play.purchase(productID: "pro.monthly", obfuscatedAccountID: "ann", freeTrial: true)
        try await play.acknowledge(productID: "pro.monthly", token: token)
        let trial = try Self.object(try await play.subscriptionV1(productID: "pro.monthly", token: token))
        #expect(trial["paymentState"] as? Int == 2)
        #expect(trial["acknowledgementState"] as? Int == 1)
        #expect(trial["purchaseType"] as? Int == 0)
        #expect(trial["kind"] as? String == "androidpublisher#subscriptionPurchase")

        clock.advance(by: .seconds(180))
        let paid = try Self.object(try await play.subscriptionV1(productID: "pro.monthly", token: token))
        #expect(paid["paymentState"] as? Int == 1)
        #expect(paid["expiryTimeMillis"] as? String == "\(Self.start.milliseconds + 480_000)")
        #expect(paid["orderId"] as? String == (trial["orderId"] as? String).map { $0 + "..0" })

        try await play.setBillingFails(token: token, true)
        clock.advance(by: .seconds(300))
        let grace = try Self.object(try await play.subscriptionV1(productID: "pro.monthly", token: token))
        #expect(grace["paymentState"] as? Int == 0, "payment pending")
        #expect(grace["expiryTimeMillis"] as? String == "\(Self.start.milliseconds + 780_000)", "access to the grace period's end")
        await #expect(throws: PlaySimulatorError.self, "only a subscription in its period is deferred") {
            let graceEnds = Self.start.milliseconds + 780_000
            _ = try await play.deferV1(productID: "pro.monthly", token: token, expected: graceEnds, desired: graceEnds + 120_000)
        }

        clock.advance(by: .seconds(900))
        let expired = try Self.object(try await play.subscriptionV1(productID: "pro.monthly", token: token))
        #expect(expired["paymentState"] == nil)
        #expect(expired["autoRenewing"] as? Bool == false)
        #expect(expired["cancelReason"] as? Int == 1, "by the system, for billing")
        await #expect(throws: PlaySimulatorError.self, "a token of another product") {
            _ = try await play.subscriptionV1(productID: "pro.yearly", token: token)
        }
    }
}
