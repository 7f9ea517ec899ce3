import Crypto
import Foundation
import PerennialServices
import PerennialTesting
import Testing

// The README's Swift verification snippet, compiled: `theSnippetIsTheREADMEs` keeps the two the same.
// BEGIN README SNIPPET
/// Whether a delivery is Perennial's: `secret` is the endpoint's `whsec_…`, `body` the raw bytes received.
func isAuthentic(id: String, timestamp: String, signatureHeader: String, body: Data, secret: String) -> Bool {
    guard secret.hasPrefix("whsec_"), let keyBytes = Data(base64Encoded: String(secret.dropFirst(6))),
          let sent = Int64(timestamp), abs(Int64(Date().timeIntervalSince1970) - sent) <= 300
    else { return false }
    let key = SymmetricKey(data: keyBytes)
    let signed = Data("\(id).\(timestamp).".utf8) + body
    return signatureHeader.split(separator: " ").contains { candidate in
        guard candidate.hasPrefix("v1,"), let given = Data(base64Encoded: String(candidate.dropFirst(3))) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(given, authenticating: signed, using: key)
    }
}
// END README SNIPPET

/// The verification snippets README.md and docs/webhooks.md give receivers: the same code as here, and it
/// accepts Perennial's signatures and nothing else.
@Suite("Webhooks: the README's verification snippet")
struct ReadmeVerificationSnippetTests {
    @Test func theSnippetIsTheREADMEsAndTheGuides() throws {
        let source = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Tests/PerennialServerTests/Webhooks/ReadmeVerificationSnippetTests.swift"),
            encoding: .utf8)
        let compiled = try #require(source.components(separatedBy: "// BEGIN README SNIPPET\n").last?.components(separatedBy: "// END README SNIPPET").first)
        for document in ["README.md", "docs/webhooks.md"] {
            let text = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent(document), encoding: .utf8)
            let block = try #require(
                text.components(separatedBy: "```swift\nimport Crypto\nimport Foundation\n\n").dropFirst().first?.components(separatedBy: "```").first,
                "\(document) has no Swift verification snippet")
            #expect(block == compiled, "\(document)'s snippet differs from the compiled one")
        }
    }

    @Test func itAcceptsPerennialsSignaturesDuringARotationAndRefusesChanges() throws {
        let old = WebhookSigningSecret.generate(), new = WebhookSigningSecret.generate()
        let body = Data(#"{"type":"renewal","app_user_id":"zo\u00eb"}"#.utf8)
        let now = String(Int64(Date().timeIntervalSince1970))
        let header = WebhookSignature.header(id: "evt_7", timestamp: Int64(now)!, body: Array(body), secrets: [new, old])
        #expect(isAuthentic(id: "evt_7", timestamp: now, signatureHeader: header, body: body, secret: old.text))
        #expect(isAuthentic(id: "evt_7", timestamp: now, signatureHeader: header, body: body, secret: new.text))
        #expect(!isAuthentic(id: "evt_8", timestamp: now, signatureHeader: header, body: body, secret: new.text))
        #expect(!isAuthentic(id: "evt_7", timestamp: now, signatureHeader: header, body: body + Data(" ".utf8), secret: new.text))
        #expect(!isAuthentic(id: "evt_7", timestamp: now, signatureHeader: header, body: body, secret: WebhookSigningSecret.generate().text))
        let stale = String(Int64(now)! - 301)
        let staleHeader = WebhookSignature.header(id: "evt_7", timestamp: Int64(stale)!, body: Array(body), secrets: [new])
        #expect(!isAuthentic(id: "evt_7", timestamp: stale, signatureHeader: staleHeader, body: body, secret: new.text))
        #expect(!isAuthentic(id: "evt_7", timestamp: now, signatureHeader: "v1,AAAA", body: body, secret: "nonsense"))
    }
}
