import Crypto
import Foundation
import Testing

/// A paywall that presents a promotional offer: shown to a subscriber only once they are eligible (here the
/// retention offer, once auto-renew is off), signed by the offer service for them, and left out otherwise.
@Suite("Paywall offers")
struct PaywallOfferTests {
    @Test func thePromotionalOfferIsSignedForACustomerWhoMayRedeemIt() async throws {
        try await TestHarness.run(offerKey: P256.Signing.PrivateKey(), configureApp: PaywallSetup.pricedCatalog) { harness in
            var document = PaywallSetup.document(stripePrice: nil)
            var keep = PaywallSetup.paywall("keep", title: "Stay with us", frenchTitle: "Restez")
            keep["default_package"] = "monthly"
            keep["offer"] = ["type": "promotional", "id": "retain50"]
            var paywalls = try #require(document["paywalls"] as? [[String: Any]])
            paywalls.append(keep)
            document["paywalls"] = paywalls
            document["placements"] = [[
                "id": "settings", "show_to_entitled": true, "default_paywall": "keep",
                "rules": [["name": "renewing subscribers", "when": ["stage": ["subscriber"]], "paywall": "plain"]],
            ]]
            let saved = try await PaywallSetup.put(harness, document)
            #expect(saved.status == 201, "\(saved.body)")

            let purchase = try await harness.simulator.purchase(account: "ada", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "ada").status == 200)
            // A new customer (not a subscriber, so not eligible for a retention offer): the keep paywall without its offer.
            let stranger = try await PaywallSetup.paywall(harness, "nobody", "placement=settings&platform=ios")
            #expect(stranger.body["paywall_id"].string == "keep" && stranger.body["offer"].isNull, "\(stranger.body)")
            // Renewing: the plain paywall.
            #expect(try await PaywallSetup.paywall(harness, "ada", "placement=settings&platform=ios").body["paywall_id"].string == "plain")

            await harness.advance(days: 1)
            _ = try await harness.simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
            _ = try await harness.postReceipt(try await harness.receipt(account: "ada"), appUserID: "ada")
            let lapsing = try await PaywallSetup.paywall(harness, "ada", "placement=settings&platform=ios")
            #expect(lapsing.body["paywall_id"].string == "keep" && lapsing.body["default_package"].string == "monthly", "\(lapsing.body)")
            #expect(lapsing.body["offer"]["type"].string == "promotional" && lapsing.body["offer"]["id"].string == "retain50")
            let signature = try #require(lapsing.body["offer"]["signature"].string)
            #expect(signature.split(separator: ".").count == 3, "a compact JWS for promotionalOffer(_:compactJWS:)")
        }
    }
}
