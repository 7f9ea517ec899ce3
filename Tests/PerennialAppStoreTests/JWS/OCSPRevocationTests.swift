import Foundation
@testable import PerennialAppStore
import PerennialCore
import PerennialOutbound
import PerennialTesting
import Testing

/// Online checks: the chain's revocation status, asked of the OCSP responders its certificates name.
@Suite("OCSP revocation checks")
struct OCSPRevocationTests {
    static let responderURL = "http://ocsp.test.example/ocsp"
    static let authority: TestCertificateAuthority = {
        var options = TestCertificateAuthority.Options()
        options.ocspURL = responderURL
        return try! TestCertificateAuthority(options)
    }()
    static let now = ForgeryFixture.signedAt

    func verifier(_ transport: FakeOCSPTransport?) throws -> SignedDataVerifier {
        try SignedDataVerifier(
            rootCertificates: [Self.authority.rootDER], bundleId: ForgeryFixture.bundleId,
            environment: .sandbox, enableOnlineChecks: true, clock: FixedClock(Self.now), transport: transport
        )
    }

    /// A responder answering for the test CA; `revoked` reports every certificate revoked.
    static func responder(revoked: Bool = false) -> FakeOCSPTransport {
        FakeOCSPTransport { request in
            let body = try authority.ocspResponse(
                to: request.body, revoked: revoked, at: SignedDataVerifier.validationTime(now)
            )
            return HTTPTransportResponse(status: 200, body: body)
        }
    }

    func verify(_ verifier: SignedDataVerifier) async throws -> JWSTransactionDecodedPayload {
        try await verifier.verifyAndDecodeTransaction(try Self.authority.signer.sign(ForgeryFixture.transaction()))
    }

    @Test func aGoodStatusIsAcceptedAndTheChainCached() async throws {
        let transport = Self.responder()
        let verifier = try verifier(transport)
        _ = try await verify(verifier)
        let requests = transport.requests
        #expect(requests.count == 2)  // the leaf, then the intermediate
        #expect(requests.allSatisfy { $0.method == "POST" && $0.url == Self.responderURL })
        #expect(requests.allSatisfy { $0.header("content-type") == "application/ocsp-request" })
        #expect(requests.allSatisfy { $0.timeout <= .seconds(5) })
        #expect(verifier.chainVerifier.cache.count == 1)
        _ = try await verify(verifier)
        #expect(transport.requests.count == 2)  // served from the cache
    }

    @Test func aRevokedCertificateIsAVerificationFailure() async throws {
        let verifier = try verifier(Self.responder(revoked: true))
        let code = await rejectionCode { _ = try await verify(verifier) }
        #expect(code == .verificationFailure)
        #expect(verifier.chainVerifier.cache.count == 0)
    }

    @Test func anUnreachableResponderIsRetryable() async throws {
        let transport = FakeOCSPTransport { _ in throw HTTPTransportError.connection("refused") }
        let verifier = try verifier(transport)
        let code = await rejectionCode { _ = try await verify(verifier) }
        #expect(code == .retryableVerificationFailure)
        #expect(verifier.chainVerifier.cache.count == 0)
    }

    @Test(arguments: [
        HTTPTransportResponse(status: 200, body: Array("not an OCSP response".utf8)),
        HTTPTransportResponse(status: 200, body: [0x30, 0x03, 0x0A, 0x01, 0x03]),  // tryLater
        HTTPTransportResponse(status: 503, body: Array("unavailable".utf8)),
        HTTPTransportResponse(status: 200, body: []),
    ])
    func noUsableAnswerIsRetryable(_ response: HTTPTransportResponse) async throws {
        let verifier = try verifier(FakeOCSPTransport { _ in response })
        let code = await rejectionCode { _ = try await verify(verifier) }
        #expect(code == .retryableVerificationFailure)
        #expect(verifier.chainVerifier.cache.count == 0)
    }

    /// A response whose validity window ended (nextUpdate a week ago) says nothing about now.
    @Test func aStaleResponseIsRetryable() async throws {
        let transport = FakeOCSPTransport { request in
            let weekAgo = SignedDataVerifier.validationTime(Self.now).addingTimeInterval(-8 * 86_400)
            let body = try Self.authority.ocspResponse(to: request.body, at: weekAgo)
            return HTTPTransportResponse(status: 200, body: body)
        }
        let code = await rejectionCode { _ = try await verify(try verifier(transport)) }
        #expect(code == .retryableVerificationFailure)
    }

    /// A chain that fails on its own merits is a plain failure, and no responder is asked.
    @Test func aBadChainFailsBeforeAnyQuery() async throws {
        let transport = Self.responder()
        let verifier = try SignedDataVerifier(
            rootCertificates: [ForgeryFixture.shared.untrusted.rootDER], bundleId: ForgeryFixture.bundleId,
            environment: .sandbox, enableOnlineChecks: true, clock: FixedClock(Self.now), transport: transport
        )
        let code = await rejectionCode { _ = try await verify(verifier) }
        #expect(code == .verificationFailure)
        #expect(transport.requests.isEmpty)
    }

    @Test func withoutATransportOnlineChecksStayRetryable() async throws {
        let code = await rejectionCode { _ = try await verify(try verifier(nil)) }
        #expect(code == .retryableVerificationFailure)
    }

    @Test func theTransportIsUnusedWhenOnlineChecksAreOff() async throws {
        let transport = Self.responder()
        let verifier = try SignedDataVerifier(
            rootCertificates: [Self.authority.rootDER], bundleId: ForgeryFixture.bundleId, environment: .sandbox,
            clock: FixedClock(Self.now), transport: transport
        )
        _ = try await verify(verifier)
        #expect(transport.requests.isEmpty)
    }
}
