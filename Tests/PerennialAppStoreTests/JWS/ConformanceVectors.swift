import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting

/// `Tests/Fixtures/conformance/vectors.json`: what Apple's reference library decided for 114 JWS.
struct ConformanceVectors: Decodable, Sendable {
    struct Config: Decodable, Sendable {
        var enableOnlineChecks: Bool
        var bundleId: String
        var appAppleId: Int64
        var environment: String
        var roots: [String]
    }

    struct Expect: Decodable, Sendable {
        var status: String
        var payload: JSONValue?
    }

    struct Nested: Decodable, Sendable {
        var kind: String
        var expect: Expect
    }

    struct Case: Decodable, Sendable {
        var id: String
        var config: String
        var kind: String
        var category: String
        var jws: String
        var expect: Expect
        var nested: [String: Nested]?
    }

    var pki: [String: String]
    var configs: [String: Config]
    var cases: [Case]

    /// Loaded once; a missing file fails the tests that read it.
    static let loaded = FixtureValue {
        try JSONDecoder().decode(ConformanceVectors.self, from: PerennialTesting.Fixtures.data("conformance/vectors.json"))
    }

    /// The vectors, or the error naming the missing file.
    static var shared: ConformanceVectors {
        get throws { try loaded.get() }
    }

    /// The ids of every case, for parameterized tests (none when the file is missing: the count test fails).
    static var caseIDs: [String] { loaded.valueIfBuilt?.cases.map(\.id) ?? [] }

    /// The ids of the notification cases that carry nested JWS.
    static var notificationIDsWithNested: [String] {
        loaded.valueIfBuilt?.cases.filter { $0.nested != nil }.map(\.id) ?? []
    }

    /// The case with an id.
    static func testCase(_ id: String) throws -> Case {
        guard let found = try shared.cases.first(where: { $0.id == id }) else { throw MissingFixture(relativePath: "conformance/vectors.json#\(id)") }
        return found
    }

    /// 2025-06-01T00:00:00Z: "now" for the cases (only cases without a signing date read it).
    static let now = Instant(milliseconds: 1_748_736_000_000)

    /// A verifier built from a named config, with a clock at `now` unless given.
    static func verifier(_ name: String, clock: any Clock = FixedClock(now)) throws -> SignedDataVerifier {
        let vectors = try shared
        let config = vectors.configs[name]!
        return try SignedDataVerifier(
            rootCertificates: config.roots.map { Data(base64Encoded: vectors.pki[$0]!)! },
            bundleId: config.bundleId, appAppleId: config.appAppleId,
            environment: AppleEnvironment(rawValue: config.environment),
            enableOnlineChecks: config.enableOnlineChecks, clock: clock
        )
    }

    /// The reference's status names our codes upper-cased: `verification_failure` → `VERIFICATION_FAILURE`.
    static func status(_ error: VerificationError) -> String { error.code.rawValue.uppercased() }
}
