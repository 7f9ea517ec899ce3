import Crypto
import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting
import Testing

@Suite("PromotionalOfferV2Signer")
struct PromotionalOfferV2SignerTests {
    typealias Support = OfferTestSupport

    static let nonce = UUID(uuidString: "4FD35B26-5875-4C3B-9C3F-036049C83297")!

    static func v2Signer(nonces: [UUID] = [nonce]) throws -> PromotionalOfferV2Signer {
        try PromotionalOfferV2Signer(
            keyIdentifier: Support.keyId, issuerId: Support.issuerId, bundleId: Support.bundleId,
            privateKeyPEM: Support.privateKeyPEM(), clock: FixedClock(Support.now), nonce: Support.nonces(nonces)
        )
    }

    static func checkHeader(_ jws: DecodedOfferJWS) throws {
        #expect(jws.header["alg"] as? String == "ES256")
        #expect(jws.header["kid"] as? String == Support.keyId)
        #expect(jws.header["typ"] as? String == "JWT")
        #expect(jws.header.count == 3)
        #expect(jws.signature.count == 64)
        #expect(jws.verifies(with: try Support.publicKey()))
    }

    static func checkCommonClaims(_ claims: [String: Any], audience: String) {
        #expect(claims["iss"] as? String == Support.issuerId)
        #expect((claims["iat"] as? NSNumber)?.int64Value == 1_748_736_000)
        #expect(claims["aud"] as? String == audience)
        #expect(claims["bid"] as? String == Support.bundleId)
        #expect(claims["nonce"] as? String == "4fd35b26-5875-4c3b-9c3f-036049c83297")
    }

    @Test("a promotional offer JWS verifies and carries Apple's header and claims, iat in seconds")
    func promotionalOfferWithTransaction() throws {
        let jws = try DecodedOfferJWS(
            try Self.v2Signer().signature(productId: "com.example.monthly", offerIdentifier: "winback", transactionId: "2000000123")
        )
        try Self.checkHeader(jws)
        Self.checkCommonClaims(jws.claims, audience: "promotional-offer")
        #expect(jws.claims["productId"] as? String == "com.example.monthly")
        #expect(jws.claims["offerIdentifier"] as? String == "winback")
        #expect(jws.claims["transactionId"] as? String == "2000000123")
        #expect(jws.claims.count == 8)
    }

    @Test("without a transaction id the claim is left out; a given nonce wins over the source")
    func promotionalOfferWithoutTransaction() throws {
        let given = try OfferNonce.parse("091CFCEB-3DE8-4CEE-B4E1-C0ACFA653EF0")
        let jws = try DecodedOfferJWS(try Self.v2Signer().signature(productId: "p", offerIdentifier: "o", nonce: given))
        try Self.checkHeader(jws)
        #expect(jws.claims["transactionId"] == nil)
        #expect(jws.claims["nonce"] as? String == "091cfceb-3de8-4cee-b4e1-c0acfa653ef0")
        #expect(jws.claims.count == 7)
    }

    @Test("generated JWS nonces are lowercase version 4 UUIDs, new each time")
    func generatedNonces() throws {
        let signer = try PromotionalOfferV2Signer(
            keyIdentifier: Support.keyId, issuerId: Support.issuerId, bundleId: Support.bundleId,
            privateKeyPEM: Support.privateKeyPEM()
        )
        let nonces = try (0..<20).map { _ in
            try DecodedOfferJWS(try signer.signature(productId: "p", offerIdentifier: "o")).claims["nonce"] as? String ?? ""
        }
        #expect(nonces.allSatisfy(Support.isLowercaseV4))
        #expect(Set(nonces).count == nonces.count)
    }

    @Test("a tampered promotional offer JWS does not verify")
    func tampered() throws {
        var jws = try DecodedOfferJWS(try Self.v2Signer().signature(productId: "p", offerIdentifier: "o"))
        jws.signingInput.append(0x20)
        #expect(!jws.verifies(with: try Support.publicKey()))
    }

    @Test("an introductory offer eligibility JWS verifies and carries Apple's claims", arguments: [true, false])
    func introductoryOfferEligibility(allow: Bool) throws {
        let signer = try PromotionalOfferV2Signer(
            keyIdentifier: Support.keyId, issuerId: Support.issuerId, bundleId: Support.bundleId,
            privateKeyPEM: Support.privateKeyPEM(), clock: FixedClock(Support.now), nonce: Support.nonces([Self.nonce])
        )
        let jws = try DecodedOfferJWS(
            try signer.introductoryOfferEligibility(productId: "com.example.yearly", allowIntroductoryOffer: allow, transactionId: "42")
        )
        try Self.checkHeader(jws)
        Self.checkCommonClaims(jws.claims, audience: "introductory-offer-eligibility")
        #expect(jws.claims["productId"] as? String == "com.example.yearly")
        #expect(jws.claims["allowIntroductoryOffer"] as? Bool == allow)
        #expect(jws.claims["transactionId"] as? String == "42")
        #expect(jws.claims.count == 8)
    }

    @Test("an unreadable key is refused")
    func invalidKey() {
        #expect(throws: OfferSigningError.invalidPrivateKey(keyIdentifier: "K")) {
            try PromotionalOfferV2Signer(keyIdentifier: "K", issuerId: "i", bundleId: "b", privateKeyPEM: "")
        }
        #expect(throws: OfferSigningError.invalidPrivateKey(keyIdentifier: "K")) {
            try PromotionalOfferV2Signer(keyIdentifier: "K", issuerId: "i", bundleId: "b", privateKeyPEM: "nope")
        }
    }
}
