import Foundation
@testable import PerennialAppStore
import PerennialCore
import PerennialTesting
import Testing

/// Chains from files, verified without a JWS: Apple's `chain-test-*` certificates and Apple's real chain.
@Suite("Certificate chains")
struct CertificateChainTests {
    static func base64(_ name: String) throws -> String {
        try PerennialTesting.Fixtures.data("apple/certs/\(name).der").base64EncodedString()
    }

    static func verify(
        leaf: String, intermediate: String, root: Data? = nil, strict: Bool, at milliseconds: Int64
    ) async throws -> VerificationError.Code? {
        let verifier = try SignedDataVerifier(
            rootCertificates: root.map { [$0] } ?? [AppleRootCAG3.der], bundleId: "com.example",
            environment: .sandbox, strictKeyIdentifiers: strict
        )
        let instant = Instant(milliseconds: milliseconds)
        let x5c = [try base64(leaf), try base64(intermediate), ""]
        return await rejectionCode {
            _ = try await verifier.chainVerifier.signingKey(
                x5c: x5c, at: SignedDataVerifier.validationTime(instant), now: instant
            )
        }
    }

    static var chainTestRoot: Data {
        get throws { try PerennialTesting.Fixtures.data("apple/certs/chain-test-root-ca.der") }
    }
    static let chainTestTime: Int64 = 1_761_962_975_000

    /// Apple's chain-test certificates have no key identifiers: valid only with the strict check relaxed.
    @Test func chainTestCertificatesFormAValidChain() async throws {
        let relaxed = try await Self.verify(
            leaf: "chain-test-leaf-cert", intermediate: "chain-test-intermediate-ca", root: try Self.chainTestRoot,
            strict: false, at: Self.chainTestTime
        )
        #expect(relaxed == nil)
        let strict = try await Self.verify(
            leaf: "chain-test-leaf-cert", intermediate: "chain-test-intermediate-ca", root: try Self.chainTestRoot,
            strict: true, at: Self.chainTestTime
        )
        #expect(strict == .verificationFailure)
    }

    @Test func anIntermediateWithoutApplesOIDIsRejected() async throws {
        let code = try await Self.verify(
            leaf: "chain-test-leaf-cert-for-intermediate-ca-invalid-oid",
            intermediate: "chain-test-intermediate-ca-invalid-oid", root: try Self.chainTestRoot, strict: false,
            at: Self.chainTestTime
        )
        #expect(code == .verificationFailure)
    }

    @Test func aLeafWithoutApplesOIDIsRejected() async throws {
        let code = try await Self.verify(
            leaf: "chain-test-leaf-cert-invalid-oid", intermediate: "chain-test-intermediate-ca",
            root: try Self.chainTestRoot, strict: false, at: Self.chainTestTime
        )
        #expect(code == .verificationFailure)
    }

    /// The real App Store chain, strict checks on, against the embedded Apple Root CA - G3.
    @Test(arguments: [
        (Int64(1_767_225_600_000), nil),  // 2026-01-01: inside 2025-09-19 … 2027-10-13
        (Int64(1_758_240_000_000), VerificationError.Code.verificationFailure),  // 2025-09-19 00:00, before the leaf
        (Int64(1_830_297_600_000), VerificationError.Code.verificationFailure),  // 2028-01-01, after the leaf
    ] as [(Int64, VerificationError.Code?)])
    func applesRealChain(at milliseconds: Int64, expected: VerificationError.Code?) async throws {
        let code = try await Self.verify(
            leaf: "apple-signing-leaf", intermediate: "AppleWWDRCAG6-intermediate", strict: true, at: milliseconds
        )
        #expect(code == expected)
    }

    @Test func theEmbeddedRootIsTheFixture() throws {
        #expect(AppleRootCAG3.der == (try PerennialTesting.Fixtures.data("apple/certs/AppleRootCA-G3.der")))
    }
}
