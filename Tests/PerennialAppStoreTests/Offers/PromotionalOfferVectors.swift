import Foundation
import PerennialTesting

/// The `promotionalOfferV1` section of `../shared/fixtures/conformance/vectors.json`: what Apple's reference
/// library signs for five inputs.
struct PromotionalOfferVectors: Decodable, Sendable {
    struct Input: Decodable, Sendable {
        var product_identifier: String
        var subscription_offer_id: String
        var application_username: String
        var nonce: String
        var timestamp: Int64
    }

    struct Case: Decodable, Sendable {
        var id: String
        var input: Input
        var payloadUtf8Hex: String
        var payloadSha256Hex: String
        var signatureRfc6979DerBase64: String
    }

    private struct File: Decodable {
        var promotionalOfferV1: PromotionalOfferVectors
    }

    var bundleId: String
    var keyId: String
    var privateKeyPkcs8Pem: String
    var publicKeyPem: String
    var cases: [Case]

    /// Loaded once, by path.
    static let shared: PromotionalOfferVectors = {
        let url = PerennialTesting.Fixtures.url("conformance/vectors.json")
        return try! JSONDecoder().decode(File.self, from: Data(contentsOf: url)).promotionalOfferV1
    }()

    /// The ids of every case, for parameterized tests.
    static var caseIDs: [String] { shared.cases.map(\.id) }

    /// The case with an id.
    static func testCase(_ id: String) -> Case { shared.cases.first { $0.id == id }! }

    /// Lowercase hex of bytes.
    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
