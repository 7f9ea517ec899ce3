import Foundation
import PerennialCore
import PerennialPayPal
import PerennialTesting
import Testing
import X509

/// PayPal webhooks are verified locally: the signature over the transmission, the webhook id and the CRC32
/// of the raw body, with a certificate that chains to a trusted root and is PayPal's; forged, altered,
/// stale and untrusted deliveries are refused.
@Suite struct PayPalWebhookVerifierTests {
    static let authority = PayPalTestAuthority.shared
    static let body = Data(#"{"id":"WH-1","event_type":"BILLING.SUBSCRIPTION.ACTIVATED","resource":{"id":"I-1"}}"#.utf8)
    static let webhookID = "8PT597110X687430LKGECATA"
    static let now = PayPalFixtures.instant(day: 10)
    static let verifier = PayPalWebhookVerifier(roots: [authority.root])

    static func verify(
        _ transmission: PayPalTransmission, body: Data = body, webhookID: String = webhookID, chain: String = authority.chainPEM,
        verifier: PayPalWebhookVerifier = verifier, now: Instant = now
    ) async -> PayPalWebhookError.Code? {
        do {
            try await verifier.verify(transmission, body: body, webhookID: webhookID, certificateChainPEM: chain, now: now)
            return nil
        } catch {
            return error.code
        }
    }

    static func signed(body: Data = body, time: Instant = now) throws -> PayPalTransmission {
        try authority.transmission(body: body, webhookID: webhookID, time: time.iso8601)
    }

    @Test func aDeliveryPayPalSignedVerifies() async throws {
        #expect(await Self.verify(try Self.signed()) == nil)
    }

    @Test func theSignatureCoversTheRawBodyTheWebhookAndTheTransmission() async throws {
        let transmission = try Self.signed()
        var altered = Self.body
        altered[altered.count - 2] = UInt8(ascii: " ")
        #expect(await Self.verify(transmission, body: altered) == .badSignature, "one byte of the body")
        let reserialized = try JSONSerialization.data(withJSONObject: JSONSerialization.jsonObject(with: Self.body), options: [.sortedKeys])
        #expect(await Self.verify(transmission, body: reserialized) == .badSignature, "the same JSON, serialized again")
        #expect(await Self.verify(transmission, webhookID: "ANOTHER-WEBHOOK") == .badSignature, "another app's webhook")
        var otherID = transmission
        otherID.id = "another-transmission"
        #expect(await Self.verify(otherID) == .badSignature)
        var forged = transmission
        forged.signature[0] ^= 0x01
        #expect(await Self.verify(forged) == .badSignature)
    }

    @Test func staleAndFutureTransmissionsAreRefused() async throws {
        let old = try Self.signed(time: Self.now.adding(milliseconds: -4 * 86_400_000))
        #expect(await Self.verify(old) == .staleTransmission)
        let future = try Self.signed(time: Self.now.adding(milliseconds: 2 * 86_400_000 * 2))
        #expect(await Self.verify(future) == .staleTransmission)
        #expect(await Self.verify(try Self.signed(time: Self.now.adding(milliseconds: -86_400_000))) == nil, "a retry a day later")
    }

    @Test func onlyAMessageVerificationCertificateThatChainsToATrustedRootVerifies() async throws {
        let transmission = try Self.signed()
        let stranger = try PayPalTestAuthority()
        #expect(await Self.verify(try stranger.transmission(body: Self.body, webhookID: Self.webhookID, time: Self.now.iso8601), chain: stranger.chainPEM)
            == .untrustedCertificate, "a certificate from another root")
        let misnamed = try PayPalTestAuthority(leafName: "messageverificationcerts.paypal.com.evil.example")
        #expect(await Self.verify(try misnamed.transmission(body: Self.body, webhookID: Self.webhookID, time: Self.now.iso8601),
                                  chain: misnamed.chainPEM, verifier: PayPalWebhookVerifier(roots: [misnamed.root])) == .untrustedCertificate)
        #expect(await Self.verify(transmission, chain: "not a certificate") == .untrustedCertificate)
        #expect(await Self.verify(transmission, chain: "") == .untrustedCertificate)
        let expired = try PayPalTestAuthority(validity: Date(timeIntervalSince1970: 1_700_000_000)...Date(timeIntervalSince1970: 1_700_086_400))
        #expect(await Self.verify(try expired.transmission(body: Self.body, webhookID: Self.webhookID, time: Self.now.iso8601),
                                  chain: expired.chainPEM, verifier: PayPalWebhookVerifier(roots: [expired.root])) == .untrustedCertificate)
    }

    @Test func onlySHA256WithRSAIsAccepted() async throws {
        var transmission = try Self.signed()
        transmission.algorithm = "SHA1withRSA"
        #expect(await Self.verify(transmission) == .unsupportedAlgorithm)
    }

    @Test func theHeadersAreRequired() throws {
        let headers = ["PAYPAL-TRANSMISSION-ID": "t-1", "PAYPAL-TRANSMISSION-TIME": "2026-03-11T00:00:00Z", "PAYPAL-TRANSMISSION-SIG": "AAEC",
                       "PAYPAL-CERT-URL": "https://api.paypal.com/v1/notifications/certs/CERT-1", "PAYPAL-AUTH-ALGO": "SHA256withRSA"]
        let read = try PayPalTransmission { name in headers[name] }
        #expect(read.signature == [0, 1, 2] && read.id == "t-1")
        for missing in headers.keys {
            #expect(throws: PayPalWebhookError.self) { try PayPalTransmission { name in name == missing ? nil : headers[name] } }
        }
        #expect(throws: PayPalWebhookError.self) { try PayPalTransmission { name in name == "PAYPAL-TRANSMISSION-SIG" ? "%%%" : headers[name] } }
    }

    @Test func theSignedTextEndsWithTheBodysCRC32InDecimal() {
        let transmission = PayPalTransmission(id: "t", time: "2026-03-11T00:00:00Z", signature: [], certificateURL: "", algorithm: "")
        // CRC-32 of "123456789" is 0xCBF43926, the standard check value.
        #expect(transmission.signedText(webhookID: "W", body: Data("123456789".utf8)) == "t|2026-03-11T00:00:00Z|W|3421780262")
    }

    @Test(arguments: [
        ("https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270", true),
        ("https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1", true),
        ("https://api-m.paypal.com/v1/notifications/certs/CERT-1", true),
        ("http://api.paypal.com/v1/notifications/certs/CERT-1", false),
        ("https://api.paypal.com.evil.example/v1/notifications/certs/CERT-1", false),
        ("https://evil.example/v1/notifications/certs/CERT-1", false),
        ("https://user@api.paypal.com/v1/notifications/certs/CERT-1", false),
        ("https://api.paypal.com:8443/v1/notifications/certs/CERT-1", false),
        ("https://api.paypal.com/v1/notifications/certs/CERT-1?x=1", false),
        ("https://api.paypal.com/v1/oauth2/token", false),
        ("https://api.paypal.com/v1/notifications/certs/../../oauth2/token", false),
        ("not a url", false),
    ])
    func certificateURLs(url: String, allowed: Bool) {
        #expect(PayPalCertificateURLRule().allows(url) == allowed)
    }
}
