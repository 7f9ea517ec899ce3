import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting
import Testing

/// Apple's own test vectors (`Tests/Fixtures/apple`): `mock_signed_data`, signed by the `testCA` chain for
/// Sandbox and `com.example`.
///
/// Apple's test certificates carry no key identifiers, so these verifiers relax that check
/// (`strictKeyIdentifiers: false`), exactly as Apple's reference test suite turns off its strict mode.
@Suite("Apple's mock signed data")
struct AppleTestVectorTests {
    static let now = FixedClock(Instant(milliseconds: 1_748_736_000_000))

    static func signed(_ name: String) throws -> String {
        String(decoding: try PerennialTesting.Fixtures.data("apple/mock_signed_data/\(name)"), as: UTF8.self)
    }

    static func verifier(
        _ environment: AppleEnvironment = .sandbox, appAppleId: Int64? = 1234, strict: Bool = false
    ) throws -> SignedDataVerifier {
        try SignedDataVerifier(
            rootCertificates: [try PerennialTesting.Fixtures.data("apple/certs/testCA.der")], bundleId: "com.example",
            appAppleId: appAppleId, environment: environment,
            strictKeyIdentifiers: strict, clock: now
        )
    }

    @Test func testNotificationVerifiesForSandbox() async throws {
        let notification = try await Self.verifier().verifyAndDecodeNotification(try Self.signed("testNotification"))
        #expect(notification.payload.notificationType == .test)
        #expect(notification.payload.data?.bundleId == "com.example")
        #expect(notification.payload.data?.appAppleId == 1234)
        #expect(notification.payload.signedDate == Instant(milliseconds: 1_681_314_324_000))
        #expect(notification.transaction == nil && notification.renewalInfo == nil)
    }

    @Test func testNotificationIsTheWrongEnvironmentForProduction() async throws {
        let verifier = try Self.verifier(.production, appAppleId: 1234)
        let jws = try Self.signed("testNotification")
        #expect(await rejectionCode { try await _ = verifier.verifyAndDecodeNotification(jws) } == .invalidEnvironment)
    }

    @Test func testNotificationIsTheWrongAppForAnotherAppAppleIdInProduction() async throws {
        let verifier = try Self.verifier(.production, appAppleId: 1235)
        let jws = try Self.signed("testNotification")
        #expect(await rejectionCode { try await _ = verifier.verifyAndDecodeNotification(jws) } == .invalidAppIdentifier)
    }

    @Test func wrongBundleIdIsRejected() async throws {
        let jws = try Self.signed("wrongBundleId")
        let verifier = try Self.verifier()
        #expect(await rejectionCode { try await _ = verifier.verifyAndDecodeNotification(jws) } == .invalidAppIdentifier)
    }

    @Test func missingX5CHeaderIsRejected() async throws {
        let jws = try Self.signed("missingX5CHeaderClaim")
        let verifier = try Self.verifier()
        #expect(await rejectionCode { try await _ = verifier.verifyAndDecodeNotification(jws) } == .verificationFailure)
    }

    @Test(arguments: ["a.b.c.d", "a.b.c", "", "a.b", "...", "not a jws"])
    func malformedTextIsRejected(_ text: String) async throws {
        let verifier = try Self.verifier()
        #expect(await rejectionCode { try await _ = verifier.verifyAndDecodeNotification(text) } == .verificationFailure)
        #expect(await rejectionCode { try await _ = verifier.verifyAndDecodeTransaction(text) } == .verificationFailure)
    }

    @Test func transactionAndRenewalInfoDecode() async throws {
        let verifier = try Self.verifier()
        let transaction = try await verifier.verifyAndDecodeTransaction(try Self.signed("transactionInfo"))
        #expect(transaction.environment == .sandbox)
        #expect(transaction.bundleId == "com.example")
        #expect(transaction.signedDate == Instant(milliseconds: 1_672_956_154_000))
        let renewal = try await verifier.verifyAndDecodeRenewalInfo(try Self.signed("renewalInfo"))
        #expect(renewal.environment == .sandbox)
        #expect(renewal.signedDate == Instant(milliseconds: 1_672_956_154_000))
    }

    /// Decision: key identifiers are required by default (Apple's reference runs OpenSSL in strict mode), so
    /// Apple's test chain, which has none, only verifies with the check relaxed.
    @Test func strictKeyIdentifiersRejectApplesTestChain() async throws {
        let verifier = try Self.verifier(strict: true)
        let jws = try Self.signed("transactionInfo")
        #expect(await rejectionCode { try await _ = verifier.verifyAndDecodeTransaction(jws) } == .verificationFailure)
    }

    @Test func productionNeedsAnAppAppleId() {
        #expect(throws: VerificationError(.invalidConfiguration, "")) {
            try SignedDataVerifier(bundleId: "com.example", environment: .production)
        }
    }

    @Test func aRootThatIsNotDERIsAConfigurationError() {
        #expect(throws: VerificationError(.invalidConfiguration, "")) {
            try SignedDataVerifier(rootCertificates: [Data([1, 2, 3])], bundleId: "com.example", environment: .sandbox)
        }
    }

    @Test func noRootsMeansNoCertificateCanBeTrusted() async throws {
        let verifier = try SignedDataVerifier(rootCertificates: [], bundleId: "com.example", environment: .sandbox)
        let jws = try Self.signed("transactionInfo")
        #expect(await rejectionCode { try await _ = verifier.verifyAndDecodeTransaction(jws) } == .invalidCertificate)
    }
}
