import Foundation
import PerennialTesting

/// The `promotionalOfferV1` section of `Tests/Fixtures/conformance/vectors.json`: what Apple's reference
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

    /// Loaded once; a missing file fails the tests that read it.
    static let loaded = FixtureValue {
        try JSONDecoder().decode(File.self, from: PerennialTesting.Fixtures.data("conformance/vectors.json")).promotionalOfferV1
    }

    /// The vectors, or the error naming the missing file.
    static var shared: PromotionalOfferVectors {
        get throws { try loaded.get() }
    }

    /// The ids of every case, for parameterized tests (none when the file is missing: the key test fails).
    static var caseIDs: [String] { loaded.valueIfBuilt?.cases.map(\.id) ?? [] }

    /// The case with an id.
    static func testCase(_ id: String) throws -> Case {
        guard let found = try shared.cases.first(where: { $0.id == id }) else { throw MissingFixture(relativePath: "conformance/vectors.json#\(id)") }
        return found
    }

    /// Lowercase hex of bytes.
    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
