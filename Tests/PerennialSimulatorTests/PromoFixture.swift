import Crypto
import Foundation
import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

/// An app with promotional offers and a subscription-offer key generated per simulator, and signers for it.
struct PromoFixture {
    static let bundleID = "com.example.promo"
    static let keyID = "PROMOKEY01"
    static let token = "6f1f6d4e-2c1a-4b8e-9a53-0d1e2f3a4b5c"

    let simulator: AppStoreSimulator
    let sender = RecordingSender()
    let v1: PromotionalOfferV1Signer
    let v2: PromotionalOfferV2Signer

    init() throws {
        let key = P256.Signing.PrivateKey()
        let offers = [
            SimulatorPromotionalOffer(id: "winback", type: .payAsYouGo, periods: 2, priceMilliunits: 4_990),
            SimulatorPromotionalOffer(id: "free2", type: .free, periods: 2),
            SimulatorPromotionalOffer(id: "notcheaper", type: .payAsYouGo, periods: 1, priceMilliunits: 9_990),
        ]
        let app = SimulatorApp(
            bundleID: Self.bundleID,
            products: [
                SimulatorProduct(
                    id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", period: .month, offers: offers),
                SimulatorProduct(
                    id: "other.monthly", type: .autoRenewable, subscriptionGroup: "other", period: .month,
                    offers: [SimulatorPromotionalOffer(id: "half", type: .payUpFront, periods: 3, priceMilliunits: 12_000)]),
            ],
            notificationURL: NotificationFixture.v2URL,
            offerKeys: [SimulatorOfferKey(keyID: Self.keyID, publicKeyPEM: key.publicKey.pemRepresentation)])
        let configuration = SimulatorConfiguration(apps: [app], timeScale: .manual, start: Fixture.start)
        simulator = try AppStoreSimulator(configuration: configuration, notificationSender: sender)
        v1 = try PromotionalOfferV1Signer(
            keyIdentifier: Self.keyID, bundleId: Self.bundleID, privateKeyPEM: key.pemRepresentation,
            clock: simulator.clock)
        v2 = try PromotionalOfferV2Signer(
            keyIdentifier: Self.keyID, issuerId: "issuer", bundleId: Self.bundleID, privateKeyPEM: key.pemRepresentation,
            clock: simulator.clock)
    }

    /// A version 1 offer signed now (or at `timestamp`) for the fixture's token.
    func v1Offer(_ offerID: String, productID: String = "pro.monthly", timestamp: Int64? = nil, nonce: UUID? = nil)
        throws -> PromotionalOfferRequest
    {
        let signed = try v1.sign(
            productIdentifier: productID, offerIdentifier: offerID, applicationUsername: Self.token, nonce: nonce,
            timestamp: timestamp)
        return .v1(
            offerID: offerID, keyID: signed.keyIdentifier, nonce: signed.nonce, timestamp: signed.timestamp,
            signature: signed.signature, applicationUsername: Self.token)
    }

    /// Buys `productID` for `account` and lets it lapse: the account is a lapsed subscriber.
    func lapsedSubscriber(_ account: String, productID: String = "pro.monthly") async throws {
        let bought = try await purchase(account, productID)
        _ = try await simulator.setAutoRenew(originalTransactionID: bought.originalTransactionID, enabled: false)
        await simulator.advance(days: 40)
    }

    func purchase(_ account: String, _ productID: String = "pro.monthly", offer: PromotionalOfferRequest? = nil)
        async throws -> PurchaseResult
    {
        try await simulator.purchase(
            account: account, bundleID: Self.bundleID, productID: productID, appAccountToken: Self.token,
            promotionalOffer: offer)
    }

    /// The decoded signed transaction of a purchase.
    func transaction(_ result: PurchaseResult) async throws -> JWSTransactionDecodedPayload {
        let verifier = try SignedDataVerifier(
            rootCertificates: [simulator.signingAuthority.rootCertificateDER], bundleId: Self.bundleID,
            environment: .sandbox, clock: simulator.clock)
        return try await verifier.verifyAndDecodeTransaction(try #require(result.signedTransactionInfo))
    }
}
