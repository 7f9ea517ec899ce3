import Crypto
import Foundation
import PerennialClient
import PerennialCore
import Testing

/// Offers signed by the server and paywalls resolved by it, bought through the client.
@Suite("Client: offers and paywalls")
struct ClientOfferAndPaywallTests {
    @Test(.timeLimit(.minutes(2)))
    func purchasesCarryTheServersEligibilityStatementAndItsSignedOffers() async throws {
        try await TestHarness.run(offerKey: P256.Signing.PrivateKey()) { harness in
            let device = ClientTestDevice(harness, account: "lou")
            defer { device.removeFiles() }
            let client = await device.launch()
            let purchase = try await client.purchase(productID: "pro.monthly")
            // Apple's statement names one of the customer's App Store transactions: none yet, none sent.
            #expect(device.store.options.first?.introductoryOfferEligibility == nil)

            // Auto-renew off: the retention offer becomes the customer's; the server signs it for StoreKit.
            let appUserID = await client.appUserID
            await harness.advance(days: 1)
            _ = try await harness.simulator.setAutoRenew(originalTransactionID: try #require(purchase.transaction?.originalID), enabled: false)
            _ = try await harness.postReceipt(try await harness.receipt(account: "lou"), appUserID: appUserID)
            let eligibility = try await client.introductoryOfferEligibility(productID: "pro.yearly")
            #expect(eligibility.isEligible, "no trial or introductory price used in the group yet")
            let offered = try await client.purchase(productID: "pro.monthly", promotionalOfferID: "retain50")
            #expect(offered.status == .validated)
            let statement = try #require(device.store.options.last?.introductoryOfferEligibility)
            let claims = try Self.claims(statement)
            #expect(claims["aud"] as? String == "introductory-offer-eligibility")
            #expect(claims["allowIntroductoryOffer"] as? Bool == true && claims["productId"] as? String == "pro.monthly")
            #expect(claims["transactionId"] as? String == purchase.transaction?.id)
            let offer = try #require(device.store.options.last?.promotionalOffer)
            #expect(offer.offerID == "retain50" && offer.keyID == "OFFERKEY1" && offer.signatureData != nil)
            // The simulator, as the App Store, checked the signature over the customer's app account token.
            #expect(device.store.options.last?.appAccountToken == device.store.options.first?.appAccountToken)
            let refused = await #expect(throws: PerennialClientError.self) {
                try await client.promotionalOfferSignature(productID: "pro.monthly", offerID: "sorry")
            }
            #expect(refused?.code == "offer_not_eligible")
            await client.stop()
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func aPlacementsPaywallIsShownBoughtAndReported() async throws {
        try await TestHarness.run(configureApp: PaywallSetup.pricedCatalog) { harness in
            #expect(try await PaywallSetup.put(harness, PaywallSetup.document(stripePrice: nil)).status == 201)
            let device = ClientTestDevice(harness, account: "max")
            defer { device.removeFiles() }
            let client = await device.launch()
            let resolved = try await client.paywall(placement: "onboarding", context: PaywallContext(device: "phone", locale: "fr-FR"))
            let paywall = try #require(resolved)
            #expect(paywall.paywallID == "plain" && paywall.locale == "fr")
            #expect(paywall.string("title") == "Passez Pro")
            #expect(paywall.packages.map(\.id) == ["monthly", "annual"])
            #expect(paywall.packages.map(\.productID) == ["pro.monthly", "pro.yearly"])
            #expect(paywall.defaultPackage?.id == "annual" && paywall.defaultPackage?.trial == "1 week")
            try await client.reportPaywallEvent(.shown, paywall: paywall)

            device.store.nextOutcome = .cancelled
            let annual = try #require(paywall.defaultPackage)
            let cancelled = try await client.purchase(package: annual, from: paywall)
            #expect(cancelled.status == .cancelled)
            let bought = try await client.purchase(package: annual, from: paywall)
            #expect(bought.status == .validated && bought.customerInfo?.isEntitled(to: "pro", at: device.now) == true)
            let events = device.transport.exchanges.filter { $0.path.hasSuffix("/paywall-events") }
            #expect(events.count == 4 && events.allSatisfy { $0.status == 200 }, "shown, started, cancelled, started")
            let afterPurchase = try await client.paywall(placement: "onboarding")
            #expect(afterPurchase == nil, "an entitled customer sees none at onboarding")
            await client.stop()
        }
    }

    static func claims(_ jws: String) throws -> [String: Any] {
        let parts = jws.split(separator: ".")
        try #require(parts.count == 3)
        let payload = try #require(Base64URL.decode(parts[1]))
        return try #require(try JSONSerialization.jsonObject(with: payload) as? [String: Any])
    }
}
