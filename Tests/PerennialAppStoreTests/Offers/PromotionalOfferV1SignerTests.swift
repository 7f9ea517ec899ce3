import Crypto
import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting
import Testing

@Suite("PromotionalOfferV1Signer")
struct PromotionalOfferV1SignerTests {
    typealias Vectors = PromotionalOfferVectors
    typealias Support = OfferTestSupport

    static func vectorSigner() throws -> PromotionalOfferV1Signer {
        let vectors = try Vectors.shared
        return try PromotionalOfferV1Signer(
            keyIdentifier: vectors.keyId, bundleId: vectors.bundleId, privateKeyPEM: vectors.privateKeyPkcs8Pem
        )
    }

    static func payload(_ testCase: Vectors.Case) throws -> Data {
        let input = testCase.input
        return try vectorSigner().payload(
            productIdentifier: input.product_identifier, offerIdentifier: input.subscription_offer_id,
            applicationUsername: input.application_username, nonce: try OfferNonce.parse(input.nonce),
            timestamp: input.timestamp
        )
    }

    @Test("all five reference cases are present")
    func count() throws {
        #expect(try Vectors.shared.cases.count == 5)
    }

    @Test("the payload is the reference's bytes exactly, with the same SHA-256", arguments: Vectors.caseIDs)
    func payloadBytes(id: String) throws {
        let testCase = try Vectors.testCase(id)
        let payload = try Self.payload(testCase)
        #expect(Vectors.hex(payload) == testCase.payloadUtf8Hex)
        #expect(Vectors.hex(SHA256.hash(data: payload)) == testCase.payloadSha256Hex)
    }

    @Test("our signature verifies with the vector's public key over the reference payload", arguments: Vectors.caseIDs)
    func ourSignatureVerifies(id: String) throws {
        let testCase = try Vectors.testCase(id)
        let input = testCase.input
        let signed = try Self.vectorSigner().sign(
            productIdentifier: input.product_identifier, offerIdentifier: input.subscription_offer_id,
            applicationUsername: input.application_username, nonce: try OfferNonce.parse(input.nonce),
            timestamp: input.timestamp
        )
        #expect(signed.keyIdentifier == (try Vectors.shared.keyId))
        #expect(signed.nonce == input.nonce.lowercased())
        #expect(signed.timestamp == input.timestamp)
        let publicKey = try P256.Signing.PublicKey(pemRepresentation: try Vectors.shared.publicKeyPem)
        let der = try #require(Data(base64Encoded: signed.signature))
        let signature = try P256.Signing.ECDSASignature(derRepresentation: der)
        let referencePayload = Data(Self.bytes(hex: testCase.payloadUtf8Hex))
        #expect(publicKey.isValidSignature(signature, for: referencePayload))
    }

    @Test("the reference's signature verifies against our payload", arguments: Vectors.caseIDs)
    func referenceSignatureVerifies(id: String) throws {
        let testCase = try Vectors.testCase(id)
        let publicKey = try P256.Signing.PublicKey(pemRepresentation: try Vectors.shared.publicKeyPem)
        let der = try #require(Data(base64Encoded: testCase.signatureRfc6979DerBase64))
        let signature = try P256.Signing.ECDSASignature(derRepresentation: der)
        #expect(publicKey.isValidSignature(signature, for: try Self.payload(testCase)))
        #expect(!publicKey.isValidSignature(signature, for: Data("tampered".utf8) + (try Self.payload(testCase))))
    }

    @Test("without a nonce or timestamp, the nonce source and the clock supply them")
    func injectedNonceAndClock() throws {
        let fixed = try #require(UUID(uuidString: "693F8B27-1A93-4682-BDA7-3E130CB56976"))
        let signer = try PromotionalOfferV1Signer(
            keyIdentifier: Support.keyId, bundleId: Support.bundleId, privateKeyPEM: Support.privateKeyPEM(),
            clock: FixedClock(Support.now), nonce: Support.nonces([fixed])
        )
        let signed = try signer.sign(productIdentifier: "p", offerIdentifier: "o", applicationUsername: "User")
        #expect(signed.nonce == "693f8b27-1a93-4682-bda7-3e130cb56976")
        #expect(signed.timestamp == Support.now.milliseconds)
        let payload = signer.payload(
            productIdentifier: "p", offerIdentifier: "o", applicationUsername: "User", nonce: fixed,
            timestamp: Support.now.milliseconds
        )
        let expected = "com.example\u{2063}2X9R4HXF34\u{2063}p\u{2063}o\u{2063}user\u{2063}"
            + "693f8b27-1a93-4682-bda7-3e130cb56976\u{2063}1748736000789"
        #expect(payload == Data(expected.utf8))
        let signature = try P256.Signing.ECDSASignature(derRepresentation: try #require(Data(base64Encoded: signed.signature)))
        #expect(try Support.publicKey().isValidSignature(signature, for: payload))
    }

    @Test("generated nonces are lowercase version 4 UUIDs, new for every signature")
    func generatedNonces() throws {
        let signer = try PromotionalOfferV1Signer(
            keyIdentifier: Support.keyId, bundleId: Support.bundleId, privateKeyPEM: Support.privateKeyPEM()
        )
        let nonces = try (0..<50).map { _ in try signer.sign(productIdentifier: "p", offerIdentifier: "o").nonce }
        #expect(nonces.allSatisfy(Support.isLowercaseV4))
        #expect(Set(nonces).count == nonces.count)
    }

    @Test("the JSON keeps keyIdentifier, nonce, timestamp, signature in order, the timestamp a number")
    func jsonText() {
        let signature = PromotionalOfferSignature(keyIdentifier: "K", nonce: "n", timestamp: 17, signature: "c2ln")
        #expect(signature.jsonText == #"{"keyIdentifier": "K", "nonce": "n", "timestamp": 17, "signature": "c2ln"}"#)
    }

    @Test("a key that is not a P-256 PKCS#8 PEM is refused without echoing it; a bad nonce is refused")
    func errors() throws {
        #expect(throws: OfferSigningError.invalidPrivateKey(keyIdentifier: "K")) {
            try PromotionalOfferV1Signer(keyIdentifier: "K", bundleId: "b", privateKeyPEM: "-----BEGIN PRIVATE KEY-----\nAAAA\n")
        }
        #expect(throws: OfferSigningError.invalidNonce("not-a-uuid")) { try OfferNonce.parse("not-a-uuid") }
        let signer = try PromotionalOfferV1Signer(keyIdentifier: "K", bundleId: "b", privateKeyPEM: Support.privateKeyPEM())
        #expect(!signer.description.contains("PRIVATE"))
    }

    static func bytes(hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return result
    }
}
