import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting
import Testing

/// `perennial jws verify` without the command line.
@Suite("JWS inspection")
struct JWSInspectionTests {
    static let fixture = ForgeryFixture.shared

    static func verify(_ jws: String, environment: String = "Sandbox", type: SignedPayloadType? = nil) async
        -> Result<String, VerificationError>
    {
        await JWSInspection.verify(
            jws: jws + "\n", rootCertificates: [fixture.trusted.rootDER], environment: environment,
            bundleId: ForgeryFixture.bundleId, appAppleId: ForgeryFixture.appAppleId, type: type,
            at: ForgeryFixture.signedAt
        )
    }

    @Test func aTransactionPrintsItsPayloadWithApplesFieldNames() async throws {
        let jws = try Self.fixture.trusted.signer.sign(ForgeryFixture.transaction())
        let text = try await Self.verify(jws).get()
        let object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["transactionId"] as? String == "1000")
        #expect(object["price"] as? Int == 9_990)
        #expect(object["signedDate"] as? Int == 1_748_736_000_000)
        #expect(object["type"] as? String == "Auto-Renewable Subscription")
    }

    @Test func theTypeIsDetected() async throws {
        let nested = try Self.fixture.trusted.signer.sign(ForgeryFixture.transaction())
        let jws = try Self.fixture.trusted.signer.sign(ForgeryFixture.notification(signedTransaction: nested))
        let text = try await Self.verify(jws).get()
        #expect(text.contains("\"notificationType\" : \"DID_RENEW\""))
        #expect(SignedPayloadType.detect(payloadKeys: ["receiptType", "bundleId"]) == .appTransaction)
        #expect(SignedPayloadType.detect(payloadKeys: ["autoRenewStatus", "originalTransactionId"]) == .renewal)
        #expect(SignedPayloadType.detect(payloadKeys: ["transactionId"]) == .transaction)
    }

    @Test func aRejectionGivesTheOutcomeLine() async throws {
        let jws = try Self.fixture.untrusted.signer.sign(ForgeryFixture.transaction())
        let result = await Self.verify(jws)
        guard case .failure(let error) = result else {
            Issue.record("accepted")
            return
        }
        #expect(JWSInspection.errorLine(error) == #"{"error": "verification_failure"}"#)
        let sandboxJWS = try Self.fixture.trusted.signer.sign(ForgeryFixture.transaction())
        let wrongEnvironment = await Self.verify(sandboxJWS, environment: "Production")
        #expect(wrongEnvironment == .failure(VerificationError(.invalidEnvironment, "")))
    }

    @Test func aForcedTypeIsUsed() async throws {
        let jws = try Self.fixture.trusted.signer.sign(ForgeryFixture.transaction())
        // A transaction read as renewal info passes (renewal infos have no bundle id) and prints what the
        // renewal model knows.
        let text = try await Self.verify(jws, type: .renewal).get()
        #expect(!text.contains("transactionId") && text.contains("\"environment\" : \"Sandbox\""))
    }
}
