import Foundation
import PerennialCore
import PerennialSimulator
import Testing

/// One-time products on Google Play, against the Play simulator: a purchase posted by the app grants its
/// entitlement and is acknowledged as a product (Google refunds unacknowledged ones too); a refund arrives
/// as a voided purchase notification of product type 2, or, when no push reaches Perennial, through the
/// sweep of voided purchases.
@Suite("Google Play one-time products, against the Play simulator")
struct PlayOneTimeProductTests {
    func productBody(_ play: PlaySimulator, _ token: String) async throws -> JSONObject {
        JSONObject(try JSONSerialization.jsonObject(with: try await play.productPurchase(productID: "lifetime", token: token)))
    }

    @Test func aLifetimePurchaseIsAcknowledgedAndARefundRevokesIt() async throws {
        try await TestHarness.run(withPlay: true) { harness in
            let play = try #require(harness.play)
            let token = try await play.buyProduct(productID: "lifetime", obfuscatedAccountID: "lou")
            let posted = try await harness.postGooglePurchase("lou", token: token, productID: "lifetime")
            #expect(posted.status == 200)
            #expect(posted.body["customer"]["entitlements"].array.map { $0["identifier"].string } == ["pro"])
            try await harness.runDueJobs()
            await play.tick()
            #expect(try await productBody(play, token)["acknowledgementState"].int == 1)
            // Time passes: an acknowledged purchase is kept.
            await harness.advance(days: 10 / 1_440)
            await play.tick()
            #expect(try await harness.customer("lou").body["entitlements"].array.count == 1)

            try await play.refund(token: token)
            await play.tick()
            let customer = try await harness.customer("lou").body
            #expect(customer["entitlements"].array.isEmpty)
            #expect(customer["subscriptions"][0]["state"].string == "revoked")
            #expect(await play.pushCounts.waiting == 0)
        }
    }

    @Test func theVoidedSweepFindsAProductRefundNoPushAnnounced() async throws {
        try await TestHarness.run(withPlay: true) { harness in
            let play = try #require(harness.play)
            let token = try await play.buyProduct(productID: "lifetime", obfuscatedAccountID: "val")
            #expect(try await harness.postGooglePurchase("val", token: token, productID: "lifetime").status == 200)
            try await harness.runDueJobs()
            await play.setPush(nil, sender: nil)
            try await play.refund(token: token)
            try await harness.stack.scheduler.tick()
            await harness.advance(days: 0.05)
            try await harness.runDueJobs()
            let customer = try await harness.customer("val").body
            #expect(customer["entitlements"].array.isEmpty)
            #expect(customer["subscriptions"][0]["state"].string == "revoked")
        }
    }
}
