import Foundation
@testable import PerennialAppStore
import PerennialCore
import Testing
import X509

/// Receipts signed here with a P-256 test CA: the paths the real fixtures do not take (ECDSA, signed
/// attributes, expired certificates, Apple's marker rules).
@Suite("Synthetic signed receipts")
struct SyntheticReceiptTests {
    typealias Builder = TestReceiptBuilder

    /// A production receipt created 2025-06-01 with one purchase.
    static func payload(created: String = "2025-06-01T00:00:00Z") throws -> [UInt8] {
        let purchase = try Builder.payload([
            (1701, try Builder.integer(1)),
            (1702, try Builder.utf8("com.example.pro.monthly")),
            (1703, try Builder.utf8("2000000000000002")),
            (1705, try Builder.utf8("2000000000000001")),
            (1704, try Builder.ia5("2025-05-01T00:00:00Z")),
            (1708, try Builder.ia5("2025-06-01T00:00:00Z")),
            (1712, try Builder.ia5("")),
            (1711, try Builder.integer(230_000_000_000_001)),
            (1713, try Builder.integer(0)),
            (1719, try Builder.integer(1)),
            (1799, try Builder.utf8("future field")),
        ])
        return try Builder.payload([
            (0, try Builder.utf8("Production")),
            (2, try Builder.utf8("com.example.app")),
            (3, try Builder.utf8("7")),
            (12, try Builder.ia5(created)),
            (17, purchase),
            (19, try Builder.utf8("1.0")),
            (99, [0x04, 0x01, 0xAB]),
        ])
    }

    static func verify(_ receipt: String, roots: [Certificate]) async throws -> LocalReceiptVerification {
        await LocalReceiptVerifier().verify(base64Receipt: receipt, trustedRoots: try roots.map(Builder.der))
    }

    @Test("ECDSA P-256 over the content verifies, naming ecdsa-with-SHA256 or the key type")
    func ecdsa() async throws {
        let builder = try Builder()
        for keyType in [false, true] {
            let receipt = try builder.receipt(payload: try Self.payload(), options: .init(keyTypeAlgorithm: keyType))
            let result = try await Self.verify(receipt, roots: [builder.root])
            #expect(result.signature == .valid)
        }
    }

    @Test("the payload decodes every known field and keeps unknown ones")
    func fields() async throws {
        let builder = try Builder()
        let result = try await Self.verify(try builder.receipt(payload: try Self.payload()), roots: [builder.root])
        let payload = try #require(result.payload)
        #expect(payload.receiptType == "Production")
        #expect(payload.originalApplicationVersion == "1.0")
        #expect(payload.otherAttributes == [AppReceiptAttribute(type: 99, version: 1, value: Data([0x04, 0x01, 0xAB]))])
        let purchase = try #require(payload.inAppPurchases.first)
        #expect(purchase.quantity == 1)
        #expect(purchase.webOrderLineItemID == "230000000000001")
        #expect(purchase.cancellationDate == nil)
        #expect(purchase.isTrialPeriod == false)
        #expect(purchase.isInIntroOfferPeriod == true)
        #expect(purchase.otherAttributes.map(\.type) == [1799])
    }

    @Test("signed attributes: a matching message digest verifies, a wrong one does not")
    func signedAttributes() async throws {
        let builder = try Builder()
        let good = try builder.receipt(payload: try Self.payload(), options: .init(signedAttributes: true))
        #expect(try await Self.verify(good, roots: [builder.root]).signature == .valid)
        let bad = try builder.receipt(
            payload: try Self.payload(), options: .init(signedAttributes: true, wrongMessageDigest: true)
        )
        #expect(try await Self.verify(bad, roots: [builder.root]).signature == .invalid(.signatureInvalid))
    }

    @Test("a leaf that expired before the receipt was created: certificate_expired")
    func expired() async throws {
        let builder = try Builder(leafValidity: Date(timeIntervalSince1970: 1_600_000_000)...Date(timeIntervalSince1970: 1_700_000_000))
        let receipt = try builder.receipt(payload: try Self.payload(created: "2025-06-01T00:00:00Z"))
        #expect(try await Self.verify(receipt, roots: [builder.root]).signature == .invalid(.certificateExpired))
        // Created while the leaf was valid, it verifies: the chain is judged at the creation date, not now.
        let earlier = try builder.receipt(payload: try Self.payload(created: "2022-01-01T00:00:00Z"))
        #expect(try await Self.verify(earlier, roots: [builder.root]).signature == .valid)
    }

    @Test("another CA's root, or a missing intermediate: untrusted_certificate")
    func untrusted() async throws {
        let builder = try Builder(), other = try Builder()
        let receipt = try builder.receipt(payload: try Self.payload())
        #expect(try await Self.verify(receipt, roots: [other.root]).signature == .invalid(.untrustedCertificate))
        let noIntermediate = try builder.receipt(payload: try Self.payload(), options: .init(omitIntermediate: true))
        #expect(try await Self.verify(noIntermediate, roots: [builder.root]).signature == .invalid(.untrustedCertificate))
    }

    @Test("a trusted root that is not a certificate: trusted_root_invalid")
    func badRoot() async throws {
        let builder = try Builder()
        let result = await LocalReceiptVerifier().verify(
            base64Receipt: try builder.receipt(payload: try Self.payload()), trustedRoots: [Data([0x30, 0x00])]
        )
        #expect(result.signature == .invalid(.trustedRootInvalid))
    }

    @Test("a chain to the Apple Root CA must carry Apple's receipt markers")
    func appleMarkers() async throws {
        let time = Date(timeIntervalSince1970: 1_750_000_000)
        for markers in [false, true] {
            let builder = try Builder(appleMarkers: markers)
            let bytes = try #require(Data(base64Encoded: try builder.receipt(payload: try Self.payload())))
            let check = ReceiptSignatureCheck(container: try SignedReceiptContainer(bytes: Array(bytes)))
            // Pretend the test root is the Apple Root CA.
            let status = await check.status(roots: [builder.root], appleRoot: builder.root, validationTime: time)
            #expect(status == (markers ? .valid : .invalid(.untrustedCertificate)))
        }
    }
}
