import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting
import Testing

/// Truncated, tampered and forged signed data on the two routes that take it: a 4xx in the envelope, no
/// customer, fact or event. A version 2 notification is kept in the inbox, marked rejected, as an audit trail.
@Suite("Truncated and forged signed data")
struct SignedInputTests {
    /// Variants of a genuine signed transaction that must all be refused.
    static func damaged(_ genuine: String, forged: String, trusted: TestCertificateAuthority) -> [(String, String)] {
        let parts = genuine.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let forgedParts = forged.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var unsigned = trusted.signer
        unsigned.alg = "none"
        return [
            ("without its signature", parts[0] + "." + parts[1]),
            ("with an empty signature", parts[0] + "." + parts[1] + "."),
            ("cut in the payload", String(genuine.prefix(parts[0].count + 1 + parts[1].count / 2))),
            ("with a shortened signature", String(genuine.dropLast(10))),
            ("with a signature of another payload", parts[0] + "." + forgedParts[1] + "." + parts[2]),
            ("with the untrusted chain's header", forgedParts[0] + "." + parts[1] + "." + parts[2]),
            ("signed by an untrusted CA", forged),
            ("with alg none, by the trusted chain", unsigned.sign(payload: Base64URL.decode(parts[1]) ?? Data())),
            ("with a payload that is not base64", parts[0] + ".!!!" + parts[1].dropFirst(3) + "." + parts[2]),
            ("with four parts", genuine + ".AAAA"),
        ]
    }

    @Test func damagedOrForgedTransactionsAreRefusedAndStoreNothing() async throws {
        let signing = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        let untrusted = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        try await TestHarness.run(signedDataRoot: signing.ca.rootDER) { harness in
            let before = try await StoredRowCounts.read(harness.stack)
            let forged = untrusted.transaction(id: "3000000000000009", original: "3000000000000009")
            for (name, jws) in Self.damaged(signing.transaction(), forged: forged, trusted: signing.ca) {
                let body = try JSONSerialization.data(withJSONObject: ["app_user_id": "mallory", "signed_transaction": jws])
                let response = try await harness.send(.post, "/v1/transactions", key: TestHarness.publicKey, body: body)
                #expect(response.isClientErrorEnvelope, "\(name): \(response.status) \(response.text.prefix(200))")
            }
            #expect(try await StoredRowCounts.read(harness.stack) == before)
            #expect(try await harness.send(.get, "/v1/customers/mallory", key: TestHarness.publicKey).status == 404)
            #expect(try await harness.isHealthy())
        }
    }

    /// A signing date past year 9999 (or before 1970) cannot be a certificate validity time: it is refused,
    /// not passed to the chain check (which would trap and take the server down).
    @Test(arguments: [Int64(100_000_000_000), -100_000_000_000])
    func aSigningDateNoCertificateCanExpressIsRefused(days: Int64) async throws {
        let signing = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        try await TestHarness.run(signedDataRoot: signing.ca.rootDER) { harness in
            let before = try await StoredRowCounts.read(harness.stack)
            let body = try JSONSerialization.data(withJSONObject: [
                "app_user_id": "mallory", "signed_transaction": signing.transaction(signedOn: days),
            ])
            let response = try await harness.send(.post, "/v1/transactions", key: TestHarness.publicKey, body: body)
            #expect(response.isClientErrorEnvelope, "\(response.status) \(response.text)")
            let notification = signing.notification("DID_RENEW", transaction: nil, renewalInfo: nil, signedOn: days)
            #expect(try await harness.send(.post, "/v1/apple/notifications/forest", body: notification).isClientErrorEnvelope)
            #expect(try await StoredRowCounts.read(harness.stack).ledger == before.ledger)
            #expect(try await harness.isHealthy())
        }
    }

    @Test func forgedVersionTwoNotificationsAreKeptRejectedAndIngestNothing() async throws {
        let signing = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        let untrusted = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        try await TestHarness.run(signedDataRoot: signing.ca.rootDER) { harness in
            let before = try await StoredRowCounts.read(harness.stack)
            let forged = untrusted.notification("SUBSCRIBED", transaction: untrusted.transaction(), renewalInfo: nil)
            let genuine = signing.notification("SUBSCRIBED", transaction: signing.transaction(), renewalInfo: nil)
            let genuinePayload = try #require(
                (try JSONSerialization.jsonObject(with: genuine) as? [String: Any])?["signedPayload"] as? String
            )
            let nestedForged = signing.notification("SUBSCRIBED", transaction: untrusted.transaction(), renewalInfo: nil)
            let bodies: [(String, Data)] = [
                ("signed by an untrusted CA", forged),
                ("with a forged nested transaction", nestedForged),
                ("truncated", try JSONSerialization.data(withJSONObject: ["signedPayload": String(genuinePayload.dropLast(12))])),
                ("without its signature", try JSONSerialization.data(withJSONObject: [
                    "signedPayload": genuinePayload.split(separator: ".").prefix(2).joined(separator: "."),
                ])),
            ]
            for (name, body) in bodies {
                let response = try await harness.send(.post, "/v1/apple/notifications/forest", body: body)
                #expect(response.isClientErrorEnvelope, "\(name): \(response.status) \(response.text.prefix(200))")
            }
            let after = try await StoredRowCounts.read(harness.stack)
            #expect(after.ledger == before.ledger, "\(before) → \(after)")
            let inbox = try await harness.send(.get, "/v1/admin/notifications", key: TestHarness.secretKey)
            let kept = inbox.body["notifications"].array
            #expect(kept.count == Int(after.notifications))
            #expect(kept.allSatisfy { $0["status"].string == "rejected" }, "\(inbox.body)")
            #expect(try await harness.isHealthy())
        }
    }
}
