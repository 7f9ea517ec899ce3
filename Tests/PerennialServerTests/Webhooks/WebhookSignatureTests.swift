import Foundation
import PerennialServices
import PerennialTesting
import Testing

/// Perennial's outgoing webhook signatures, as the Standard Webhooks specification writes them: checked with
/// the reference Python library (standardwebhooks, in a throwaway virtualenv) both ways, and by hand.
@Suite("Webhook signatures (Standard Webhooks)")
struct WebhookSignatureTests {
    static let library = PythonClientEnvironment(requirement: "standardwebhooks==1.1.0")
    static let script = Fixtures.repositoryRoot.appendingPathComponent("Tests/Clients/standard_webhooks_client.py")
    static let body = #"{"type":"renewal","app_user_id":"zo\#u{EB}","data":{"price":"9.99"}}"#

    static var now: Int64 { Int64(Date().timeIntervalSince1970) }

    @Test(.timeLimit(.minutes(5))) func theReferenceLibraryAcceptsPerennialsSignatureAndPerennialAcceptsIts() async throws {
        let python = try await Self.library.python()
        let secret = WebhookSigningSecret.generate()
        let id = "evt_01JD8Q3K2M", timestamp = Self.now
        let signature = WebhookSignature.header(id: id, timestamp: timestamp, body: Array(Self.body.utf8), secrets: [secret])
        let given: [String: any Sendable] = [
            "secret": secret.text, "id": id, "timestamp": timestamp, "body": Self.body, "signature": signature,
        ]
        let outcome = try await ChildProcess(executable: python, arguments: [Self.script.path]).run(
            input: try JSONSerialization.data(withJSONObject: given))
        try #require(outcome.status == 0, "the library failed: \(outcome.errorText)")
        let seen = try #require(try JSONSerialization.jsonObject(with: outcome.output) as? [String: Any])
        #expect(seen["verified"] as? Bool == true, "\(seen)")
        #expect(seen["tampered_refused"] as? Bool == true)
        let theirs = try #require(seen["signature"] as? String)
        #expect(theirs == signature, "the same bytes signed the same way")
        #expect(WebhookSignature.isValid(
            id: id, timestamp: String(timestamp), body: Array(Self.body.utf8), signatureHeader: theirs, secrets: [secret], now: Self.now))
    }

    @Test func aRotationSignsWithBothSecretsAndEitherVerifies() throws {
        let old = WebhookSigningSecret.generate(), new = WebhookSigningSecret.generate()
        let body = Array(Self.body.utf8)
        let header = WebhookSignature.header(id: "evt_1", timestamp: 1_767_225_600, body: body, secrets: [new, old])
        #expect(header.split(separator: " ").count == 2 && header.split(separator: " ").allSatisfy { $0.hasPrefix("v1,") })
        for secret in [old, new] {
            #expect(WebhookSignature.isValid(
                id: "evt_1", timestamp: "1767225600", body: body, signatureHeader: header, secrets: [secret], now: 1_767_225_600))
        }
        #expect(!WebhookSignature.isValid(
            id: "evt_1", timestamp: "1767225600", body: body, signatureHeader: header, secrets: [.generate()], now: 1_767_225_600))
    }

    @Test func anyChangeOrAStaleTimestampFails() {
        let secret = WebhookSigningSecret.generate()
        let body = Array(Self.body.utf8)
        let header = WebhookSignature.header(id: "evt_2", timestamp: 1_000_000, body: body, secrets: [secret])
        func valid(id: String = "evt_2", timestamp: String = "1000000", body: [UInt8] = body, header: String = header, now: Int64 = 1_000_000) -> Bool {
            WebhookSignature.isValid(id: id, timestamp: timestamp, body: body, signatureHeader: header, secrets: [secret], now: now)
        }
        #expect(valid())
        #expect(valid(now: 1_000_300) && valid(now: 999_700), "five minutes either way")
        #expect(!valid(now: 1_000_301) && !valid(now: 999_699))
        #expect(!valid(id: "evt_3"))
        #expect(!valid(timestamp: "1000001") && !valid(timestamp: "abc") && !valid(timestamp: "-9223372036854775808"))
        var changed = body
        changed[changed.count - 2] ^= 0x01
        #expect(!valid(body: changed))
        #expect(!valid(header: "v2," + header.dropFirst(3)) && !valid(header: "") && !valid(header: "v1,not base64"))
    }

    @Test func secretsAreWhsecBase64OfTwentyFourToSixtyFourBytes() throws {
        let secret = WebhookSigningSecret.generate()
        #expect(secret.text.hasPrefix("whsec_") && Data(base64Encoded: String(secret.text.dropFirst(6)))?.count == 32)
        #expect(WebhookSigningSecret(text: secret.text) == secret)
        #expect(WebhookSigningSecret.generate() != secret)
        #expect(!"\(secret)".contains(secret.text.dropFirst(6)), "the description never shows the key")
        let short = "whsec_" + Data(repeating: 7, count: 23).base64EncodedString()
        let long = "whsec_" + Data(repeating: 7, count: 65).base64EncodedString()
        for refused in ["", "whsec_", "whsec_!!!", "sk_" + Data(repeating: 7, count: 32).base64EncodedString(), short, long] {
            #expect(WebhookSigningSecret(text: refused) == nil, "\(refused)")
        }
        #expect(WebhookSigningSecret(text: "whsec_" + Data(repeating: 7, count: 24).base64EncodedString()) != nil)
    }
}
