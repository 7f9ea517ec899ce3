import Foundation
import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

@Suite struct PromotionalOfferTests {
    static func code(_ error: any Error) -> String? { (error as? PromotionalOfferError)?.code }

    @Test func validV1RedemptionResubscribesUnderTheOffer() async throws {
        let fixture = try PromoFixture()
        try await fixture.lapsedSubscriber("alice")
        let result = try await fixture.purchase("alice", offer: try fixture.v1Offer("winback"))
        let transaction = try await fixture.transaction(result)
        #expect(transaction.offerType == .promotional)
        #expect(transaction.offerIdentifier == "winback")
        #expect(transaction.offerDiscountType == .payAsYouGo)
        #expect(transaction.offerPeriod == "P2M")
        #expect(transaction.price == 4_990)
        let receipt = await fixture.simulator.verify(result.receiptData)
        #expect(receipt.latestReceiptInfo?.first?.promotionalOfferID == "winback")

        // Pay as you go, two periods: the first renewal is still discounted, the second is not.
        await fixture.simulator.advance(days: 32)
        let renewed = await fixture.simulator.verify(result.receiptData).latestReceiptInfo ?? []
        #expect(renewed.first?.promotionalOfferID == "winback")
        await fixture.simulator.advance(days: 31)
        let full = await fixture.simulator.verify(result.receiptData).latestReceiptInfo ?? []
        #expect(full.count == 4)
        #expect(full.first?.promotionalOfferID == nil)

        await fixture.simulator.deliverDueNotifications()
        let kinds = NotificationFixture.kinds(try await NotificationFixture.received(fixture.sender, fixture.simulator,
            bundleID: PromoFixture.bundleID))
        #expect(kinds.contains("OFFER_REDEEMED/RESUBSCRIBE"))
    }

    @Test func validV2RedemptionStartsANewSubscriptionUnderTheOffer() async throws {
        let fixture = try PromoFixture()
        try await fixture.lapsedSubscriber("bob")
        let jws = try fixture.v2.signature(productId: "other.monthly", offerIdentifier: "half")
        let result = try await fixture.purchase("bob", "other.monthly", offer: .v2(jws: jws))
        let transaction = try await fixture.transaction(result)
        #expect(transaction.offerType == .promotional)
        #expect(transaction.offerIdentifier == "half")
        #expect(transaction.offerDiscountType == .payUpFront)
        #expect(transaction.price == 12_000)
        #expect(transaction.expiresDate == Fixture.instant(days: 40 + 90))
        await fixture.simulator.deliverDueNotifications()
        let kinds = NotificationFixture.kinds(try await NotificationFixture.received(fixture.sender, fixture.simulator,
            bundleID: PromoFixture.bundleID))
        #expect(kinds.last == "OFFER_REDEEMED/INITIAL_BUY")
    }

    @Test func currentSubscriberGetsTheOfferAtTheNextRenewal() async throws {
        let fixture = try PromoFixture()
        let bought = try await fixture.purchase("carol")
        _ = try await fixture.simulator.setAutoRenew(originalTransactionID: bought.originalTransactionID, enabled: false)
        let redeemed = try await fixture.purchase("carol", offer: try fixture.v1Offer("free2"))
        #expect(redeemed.transactionID == bought.transactionID)
        let summary = try await fixture.simulator.subscription(originalTransactionID: bought.originalTransactionID)
        #expect(summary.autoRenew)
        await fixture.simulator.advance(days: 32)
        let latest = await fixture.simulator.verify(redeemed.receiptData).latestReceiptInfo ?? []
        #expect(latest.count == 2)
        #expect(latest.first?.promotionalOfferID == "free2")
        #expect(latest.first?.expiresDate == Fixture.instant(days: 31 + 29 + 31))
        await fixture.simulator.deliverDueNotifications()
        let kinds = NotificationFixture.kinds(try await NotificationFixture.received(fixture.sender, fixture.simulator,
            bundleID: PromoFixture.bundleID))
        #expect(kinds.contains("OFFER_REDEEMED"))
    }

    @Test func tamperedSignatureIsInvalid() async throws {
        let fixture = try PromoFixture()
        try await fixture.lapsedSubscriber("alice")
        var offer = try fixture.v1Offer("winback")
        offer.offerID = "free2"
        await #expect { try await fixture.purchase("alice", offer: offer) } throws: { Self.code($0) == "invalidSignature" }
        var jws = try fixture.v2.signature(productId: "pro.monthly", offerIdentifier: "winback")
        jws.removeLast(4)
        jws += "AAAA"
        await #expect { try await fixture.purchase("alice", offer: .v2(jws: jws)) } throws: {
            Self.code($0) == "invalidSignature"
        }
    }

    @Test func staleTimestampIsRefused() async throws {
        let fixture = try PromoFixture()
        try await fixture.lapsedSubscriber("alice")
        let now = await fixture.simulator.now()
        let stale = try fixture.v1Offer("winback", timestamp: now.milliseconds - 25 * 3_600_000)
        await #expect { try await fixture.purchase("alice", offer: stale) } throws: { Self.code($0) == "invalidSignature" }
        let fresh = try fixture.v1Offer("winback", timestamp: now.milliseconds - 23 * 3_600_000)
        _ = try await fixture.purchase("alice", offer: fresh)
    }

    @Test func reusedNonceIsRefused() async throws {
        let fixture = try PromoFixture()
        try await fixture.lapsedSubscriber("alice")
        try await fixture.lapsedSubscriber("bob")
        let nonce = UUID()
        _ = try await fixture.purchase("alice", offer: try fixture.v1Offer("winback", nonce: nonce))
        await #expect { try await fixture.purchase("bob", offer: try fixture.v1Offer("winback", nonce: nonce)) } throws: {
            Self.code($0) == "invalidSignature"
        }
        let jws = try fixture.v2.signature(productId: "pro.monthly", offerIdentifier: "winback", nonce: nonce)
        await #expect { try await fixture.purchase("bob", offer: .v2(jws: jws)) } throws: {
            Self.code($0) == "invalidSignature"
        }
    }

    @Test func refusalsNameTheStoreKitError() async throws {
        let fixture = try PromoFixture()
        try await fixture.lapsedSubscriber("alice")
        await #expect { try await fixture.purchase("alice", offer: try fixture.v1Offer("nosuch")) } throws: {
            Self.code($0) == "invalidOfferIdentifier"
        }
        var missing = try fixture.v1Offer("winback")
        missing.nonce = ""
        await #expect { try await fixture.purchase("alice", offer: missing) } throws: {
            Self.code($0) == "missingOfferParams"
        }
        await #expect { try await fixture.purchase("alice", offer: try fixture.v1Offer("notcheaper")) } throws: {
            Self.code($0) == "invalidOfferPrice"
        }
        var unknownKey = try fixture.v1Offer("winback")
        unknownKey.keyID = "OTHERKEY"
        await #expect { try await fixture.purchase("alice", offer: unknownKey) } throws: {
            Self.code($0) == "invalidSignature"
        }
        await #expect { try await fixture.purchase("newcomer", offer: try fixture.v1Offer("winback")) } throws: {
            Self.code($0) == "ineligibleForOffer"
        }
    }

    @Test func controlAPIRedeemsAndRefuses() async throws {
        let fixture = try PromoFixture()
        try await fixture.lapsedSubscriber("alice")
        let offer = try fixture.v1Offer("winback")
        try await withSimulatorRouter(fixture.simulator) { client in
            let body = """
                {"account": "alice", "bundle_id": "\(PromoFixture.bundleID)", "product_id": "pro.monthly", \
                "app_account_token": "\(PromoFixture.token)", "promotional_offer": {"offer_id": "winback", \
                "key_id": "\(offer.keyID ?? "")", "nonce": "\(offer.nonce ?? "")", "timestamp": \(offer.timestamp ?? 0), \
                "signature": "\(offer.signature ?? "")", "application_username": "\(PromoFixture.token)"}}
                """
            let bought = try await client.send(.post, "/simulator/purchases", body)
            #expect(bought.status == .created)
            let again = try await client.send(.post, "/simulator/purchases", body)
            #expect(again.status == .badRequest)
            guard case .object(let error)? = again.object["error"] else {
                Issue.record("no error in \(again.text)")
                return
            }
            #expect(error["code"]?.text == "invalidSignature")
        }
    }

    @Test func verifierPayloadMatchesTheSigner() throws {
        let fixture = try PromoFixture()
        let nonce = UUID()
        let signed = try fixture.v1.sign(
            productIdentifier: "pro.monthly", offerIdentifier: "winback", applicationUsername: "ABC", nonce: nonce,
            timestamp: 1)
        let payload = fixture.v1.payload(
            productIdentifier: "pro.monthly", offerIdentifier: "winback", applicationUsername: "ABC", nonce: nonce,
            timestamp: 1)
        let expected = [PromoFixture.bundleID, PromoFixture.keyID, "pro.monthly", "winback", "abc", signed.nonce, "1"]
        #expect(payload == Data(expected.joined(separator: "\u{2063}").utf8))
    }
}
