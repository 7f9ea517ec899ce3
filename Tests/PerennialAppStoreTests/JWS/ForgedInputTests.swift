import PerennialAppStore
import PerennialCore
import PerennialTesting
import Testing

/// Inputs built with a test CA and rejected with the right outcome.
@Suite("Forged inputs")
struct ForgedInputTests {
    @Test(arguments: ForgedInput.allCases)
    func outcome(_ input: ForgedInput) async throws {
        let error = try await input.verify(ForgeryFixture.shared)
        #expect(error?.code == input.expected)
        #expect(error.map { $0.message.contains(input.messageFragment) } ?? true, "\(error?.message ?? "")")
    }

    /// Key identifiers are required unless relaxed; the chain is otherwise valid.
    @Test func relaxedKeyIdentifiersAcceptAChainWithout() async throws {
        let fixture = ForgeryFixture.shared
        let verifier = try SignedDataVerifier(
            rootCertificates: fixture.trustedRoots, bundleId: ForgeryFixture.bundleId, environment: .sandbox,
            strictKeyIdentifiers: false, clock: FixedClock(ForgeryFixture.signedAt)
        )
        let jws = try fixture.withoutKeyIdentifiers.signer.sign(ForgeryFixture.transaction())
        #expect(try await verifier.verifyAndDecodeTransaction(jws).transactionId == "1000")
    }

    /// Online checks judge the chain now and need OCSP, which is not implemented: a genuine JWS is
    /// "retry later", a forged one still invalid.
    @Test func onlineChecksWithoutOCSPAreRetryable() async throws {
        let fixture = ForgeryFixture.shared
        let verifier = try fixture.verifier(online: true)
        let genuine = try fixture.trusted.signer.sign(ForgeryFixture.transaction())
        let code = await rejectionCode { _ = try await verifier.verifyAndDecodeTransaction(genuine) }
        #expect(code == .retryableVerificationFailure)
        let forged = try fixture.untrusted.signer.sign(ForgeryFixture.transaction())
        #expect(await rejectionCode { _ = try await verifier.verifyAndDecodeTransaction(forged) } == .verificationFailure)
    }

    /// A notification's nested transaction comes back verified and decoded.
    @Test func aNotificationReturnsItsNestedTransaction() async throws {
        let fixture = ForgeryFixture.shared
        let nested = try fixture.trusted.signer.sign(ForgeryFixture.transaction())
        let jws = try fixture.trusted.signer.sign(ForgeryFixture.notification(signedTransaction: nested))
        let notification = try await fixture.verifier().verifyAndDecodeNotification(jws)
        #expect(notification.payload.notificationType == .didRenew)
        #expect(notification.transaction?.transactionId == "1000")
        #expect(notification.transaction?.price == 9_990)
    }

    /// Messages name the failed check, never the JWS.
    @Test func messagesDoNotCarryTheJWS() async throws {
        let fixture = ForgeryFixture.shared
        let jws = try fixture.untrusted.signer.sign(ForgeryFixture.transaction())
        let verifier = try fixture.verifier()
        do {
            _ = try await verifier.verifyAndDecodeTransaction(jws)
            Issue.record("accepted")
        } catch {
            for part in jws.split(separator: ".") {
                #expect(!error.message.contains(part.prefix(24)))
            }
            #expect(!"\(error)".contains(jws.prefix(24)))
        }
    }
}
