import Crypto
import Foundation
import NIOCore
import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

/// The retention story: the customer turns auto-renew off, becomes eligible for the retention offer, and
/// the app gets a signature Apple accepts; the key never leaves the server.
@Suite("Offers through the API")
struct OfferTests {
    func offers(_ harness: TestHarness, _ appUserID: String) async throws -> JSONObject {
        try await harness.client.execute(
            uri: "/v1/customers/\(appUserID)/offers", method: .get, headers: [.authorization: "Bearer \(TestHarness.publicKey)"]
        ) { try JSONObject($0.body) }
    }

    func sign(_ harness: TestHarness, _ appUserID: String, format: String = "v1") async throws -> (status: Int, body: JSONObject) {
        let body = try JSONSerialization.data(withJSONObject: [
            "app_user_id": appUserID, "product_id": "pro.monthly", "offer_id": "retain50", "format": format,
            "application_username": "User-7",
        ])
        return try await harness.client.execute(
            uri: "/v1/offers/sign", method: .post,
            headers: [.authorization: "Bearer \(TestHarness.publicKey)", .contentType: "application/json"], body: ByteBuffer(bytes: body)
        ) { (Int($0.status.code), try JSONObject($0.body)) }
    }

    @Test func turningAutoRenewOffMakesTheRetentionOfferAvailableAndSignable() async throws {
        let key = P256.Signing.PrivateKey()
        try await TestHarness.run(offerKey: key) { harness in
            let purchase = try await harness.simulator.purchase(account: "ada", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user-ada")
            #expect(try await offers(harness, "user-ada")["offers"].array.isEmpty)
            #expect(try await sign(harness, "user-ada").status == 403)
            #expect(try await offers(harness, "user-ada")["introductory_offer_eligibility"]["pro"].bool == true)

            await harness.advance(days: 1)
            _ = try await harness.simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
            _ = try await harness.postReceipt(try await harness.receipt(account: "ada"), appUserID: "user-ada")
            let available = try await offers(harness, "user-ada")["offers"]
            #expect(available[0]["offer_id"].string == "retain50")
            #expect(available[0]["rule"].string == "retention")

            let (status, signed) = try await sign(harness, "user-ada")
            #expect(status == 200)
            #expect(signed["keyIdentifier"].string == "OFFERKEY1")
            let nonce = try #require(signed["nonce"].string.flatMap(UUID.init(uuidString:)))
            let timestamp = try #require((signed["timestamp"].value as? NSNumber)?.int64Value)
            let signer = try PromotionalOfferV1Signer(keyIdentifier: "OFFERKEY1", bundleId: TestHarness.bundleID, privateKeyPEM: key.pemRepresentation)
            let payload = signer.payload(productIdentifier: "pro.monthly", offerIdentifier: "retain50", applicationUsername: "User-7",
                                         nonce: nonce, timestamp: timestamp)
            let signature = try P256.Signing.ECDSASignature(derRepresentation: try #require(Data(base64Encoded: signed["signature"].string ?? "")))
            #expect(key.publicKey.isValidSignature(signature, for: payload))

            // One redemption per customer: the offer is used up.
            let (again, refused) = try await sign(harness, "user-ada")
            #expect(again == 403)
            #expect(refused["error"]["code"].string == "offer_not_eligible")
        }
    }

    @Test func withoutAKeyNothingIsSigned() async throws {
        try await TestHarness.run { harness in
            let purchase = try await harness.simulator.purchase(account: "bea", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
            _ = try await harness.postReceipt(try await harness.receipt(account: "bea"), appUserID: "user-bea")
            let (status, body) = try await sign(harness, "user-bea")
            #expect(status == 409)
            #expect(body["error"]["code"].string == "offer_key_not_configured")
        }
    }

    @Test func theSimulatorRedeemsTheSignedOfferAndTheCustomerShowsIt() async throws {
        let key = P256.Signing.PrivateKey()
        try await TestHarness.run(offerKey: key) { harness in
            let purchase = try await harness.simulator.purchase(account: "cy", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            await harness.advance(days: 1)
            _ = try await harness.simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
            _ = try await harness.postReceipt(try await harness.receipt(account: "cy"), appUserID: "user-cy")
            let (status, signed) = try await sign(harness, "user-cy")
            #expect(status == 200)

            let offer = PromotionalOfferRequest.v1(
                offerID: "retain50", keyID: try #require(signed["keyIdentifier"].string), nonce: try #require(signed["nonce"].string),
                timestamp: try #require((signed["timestamp"].value as? NSNumber)?.int64Value),
                signature: try #require(signed["signature"].string), applicationUsername: "User-7"
            )
            _ = try await harness.simulator.purchase(
                account: "cy", bundleID: TestHarness.bundleID, productID: "pro.monthly", promotionalOffer: offer
            )
            // A current subscriber's offer starts at the next renewal, and turns renewal back on.
            let summary = try await harness.simulator.subscription(originalTransactionID: purchase.originalTransactionID)
            await harness.advanceTo(summary.expiresAt, plusDays: 1)
            let (_, body) = try await harness.postReceipt(try await harness.receipt(account: "cy"), appUserID: "user-cy")
            let subscription = body["customer"]["subscriptions"][0]
            #expect(subscription["promotional_offer_id"].string == "retain50")
            #expect(subscription["will_renew"].bool == true)
            #expect(try await harness.eventTypes("user-cy").contains("offer_redeemed"))

            // The same signature cannot be used twice.
            await #expect(throws: (any Error).self) {
                _ = try await harness.simulator.purchase(
                    account: "cy", bundleID: TestHarness.bundleID, productID: "pro.monthly", promotionalOffer: offer
                )
            }
        }
    }

    @Test func customerServiceGrantsAnOfferToOneCustomer() async throws {
        try await TestHarness.run(offerKey: P256.Signing.PrivateKey()) { harness in
            let purchase = try await harness.simulator.purchase(account: "dee", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user-dee")
            #expect(try await offers(harness, "user-dee")["offers"].array.isEmpty)

            let grant = { (key: String, body: [String: Any]) in
                try await harness.client.execute(
                    uri: "/v1/admin/customers/user-dee/offer-grants", method: .post,
                    headers: [.authorization: "Bearer \(key)", .contentType: "application/json"],
                    body: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body))
                ) { (Int($0.status.code), try JSONObject($0.body)) }
            }
            let request: [String: Any] = ["product_id": "pro.monthly", "offer_id": "sorry", "reason": "outage on 3 March", "expires_in_days": 7]
            #expect(try await grant(TestHarness.publicKey, request).0 == 403)
            #expect(try await grant(TestHarness.secretKey, request.merging(["reason": " "]) { $1 }).0 == 400)
            let (status, granted) = try await grant(TestHarness.secretKey, request)
            #expect(status == 201)
            #expect(granted["reason"].string == "outage on 3 March")
            let available = try await offers(harness, "user-dee")["offers"]
            #expect(available[0]["offer_id"].string == "sorry")
            #expect(available[0]["rule"].string == "customer_service")

            await harness.advance(days: 8)
            #expect(try await offers(harness, "user-dee")["offers"].array.isEmpty)
        }
    }

    @Test func theSaveOfferFollowsTheEngagementTheAppReports() async throws {
        try await TestHarness.run(offerKey: P256.Signing.PrivateKey()) { harness in
            let purchase = try await harness.simulator.purchase(account: "eve", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
            _ = try await harness.postReceipt(try await harness.receipt(account: "eve"), appUserID: "user-eve")
            func ids() async throws -> [String] { try await offers(harness, "user-eve")["offers"].array.compactMap { $0["offer_id"].string } }
            #expect(try await ids() == ["retain50"])
            let report = { (sessions: Int) in
                try await harness.client.execute(
                    uri: "/v1/customers/user-eve/engagement", method: .post,
                    headers: [.authorization: "Bearer \(TestHarness.publicKey)", .contentType: "application/json"],
                    body: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: ["sessions_last_30_days": sessions]))
                ) { Int($0.status.code) }
            }
            #expect(try await report(0) == 204)
            #expect(try await ids() == ["retain50", "stay"])
            await harness.advance(days: 0.1)
            #expect(try await report(25) == 204)
            #expect(try await ids() == ["retain50"])
            #expect(try await report(-1) == 400)
        }
    }

    @Test func theCohortExportListsWhoIsEligibleForWhat() async throws {
        try await TestHarness.run(offerKey: P256.Signing.PrivateKey()) { harness in
            for (account, user, renew) in [("fay", "=user-fay", false), ("gus", "user-gus", true)] {
                let purchase = try await harness.simulator.purchase(account: account, bundleID: TestHarness.bundleID, productID: "pro.monthly")
                _ = try await harness.simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: renew)
                _ = try await harness.postReceipt(try await harness.receipt(account: account), appUserID: user)
            }
            let (status, csv) = try await harness.client.execute(
                uri: "/v1/admin/offers/eligible.csv", method: .get, headers: [.authorization: "Bearer \(TestHarness.secretKey)"]
            ) { (Int($0.status.code), String(buffer: $0.body)) }
            #expect(status == 200)
            #expect(csv == "app_user_id,product_id,offer_id,rule\n'=user-fay,pro.monthly,retain50,retention\n")
        }
    }

    @Test func introductoryEligibilityIsSignedForStoreKit() async throws {
        let key = P256.Signing.PrivateKey()
        try await TestHarness.run(offerKey: key) { harness in
            let purchase = try await harness.simulator.purchase(
                account: "hal", bundleID: TestHarness.bundleID, productID: "pro.monthly", offer: .trial
            )
            _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user-hal")
            let (status, body) = try await harness.client.execute(
                uri: "/v1/offers/introductory-eligibility", method: .post,
                headers: [.authorization: "Bearer \(TestHarness.publicKey)", .contentType: "application/json"],
                body: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: ["app_user_id": "user-hal", "product_id": "pro.yearly"]))
            ) { (Int($0.status.code), try JSONObject($0.body)) }
            #expect(status == 200)
            #expect(body["allow_introductory_offer"].bool == false)
            let parts = try #require(body["signature"].string).split(separator: ".")
            let claims = try JSONSerialization.jsonObject(with: try #require(Base64URL.decode(parts[1]))) as? [String: Any]
            #expect(claims?["aud"] as? String == "introductory-offer-eligibility")
            #expect(claims?["allowIntroductoryOffer"] as? Bool == false)
            #expect(claims?["transactionId"] as? String == purchase.transactionID)
            let signature = try P256.Signing.ECDSASignature(rawRepresentation: try #require(Base64URL.decode(parts[2])))
            #expect(key.publicKey.isValidSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)))
        }
    }
}
