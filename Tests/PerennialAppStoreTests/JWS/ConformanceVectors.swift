import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting

/// `../shared/fixtures/conformance/vectors.json`: what Apple's reference library decided for 114 JWS.
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

    /// Loaded once, by path.
    static let shared: ConformanceVectors = {
        let url = PerennialTesting.Fixtures.url("conformance/vectors.json")
        return try! JSONDecoder().decode(ConformanceVectors.self, from: Data(contentsOf: url))
    }()

    /// The ids of every case, for parameterized tests.
    static var caseIDs: [String] { shared.cases.map(\.id) }

    /// The ids of the notification cases that carry nested JWS.
    static var notificationIDsWithNested: [String] { shared.cases.filter { $0.nested != nil }.map(\.id) }

    /// The case with an id.
    static func testCase(_ id: String) -> Case { shared.cases.first { $0.id == id }! }

    /// 2025-06-01T00:00:00Z: "now" for the cases (only cases without a signing date read it).
    static let now = Instant(milliseconds: 1_748_736_000_000)

    /// A verifier built from a named config, with a clock at `now` unless given.
    static func verifier(_ name: String, clock: any Clock = FixedClock(now)) throws -> SignedDataVerifier {
        let config = shared.configs[name]!
        return try SignedDataVerifier(
            rootCertificates: config.roots.map { Data(base64Encoded: shared.pki[$0]!)! },
            bundleId: config.bundleId, appAppleId: config.appAppleId,
            environment: AppleEnvironment(rawValue: config.environment),
            enableOnlineChecks: config.enableOnlineChecks, clock: clock
        )
    }

    /// The reference's status names our codes upper-cased: `verification_failure` → `VERIFICATION_FAILURE`.
    static func status(_ error: VerificationError) -> String { error.code.rawValue.uppercased() }
}
