import _CryptoExtras
import Foundation
import PerennialCore
import SwiftASN1
import X509

/// Verifies a PayPal webhook delivery locally, as PayPal recommends: the RSA-SHA256 (`SHA256withRSA`)
/// signature in `PAYPAL-TRANSMISSION-SIG` over `PayPalTransmission.signedText`, with the public key of the
/// certificate at `PAYPAL-CERT-URL`. The certificate must chain to one of `roots`, be valid now, and be
/// PayPal's message-verification certificate (its common name starts with `messageverificationcerts` and
/// ends with `.paypal.com`); the transmission must be no older than `tolerance` (PayPal stops retrying after
/// three days) and not from the future beyond it.
public struct PayPalWebhookVerifier: Sendable {
    /// Three days and an hour: PayPal retries a delivery for up to three days.
    public static let defaultTolerance = Duration.seconds(3 * 86_400 + 3_600)

    public var roots: [Certificate]
    public var tolerance: Duration

    public init(roots: [Certificate], tolerance: Duration = PayPalWebhookVerifier.defaultTolerance) {
        self.roots = roots
        self.tolerance = tolerance
    }

    /// Checks one delivery: `certificateChainPEM` is what `PAYPAL-CERT-URL` answered (the leaf, then its
    /// intermediates), `webhookID` the app's webhook's id at PayPal.
    public func verify(
        _ transmission: PayPalTransmission, body: Data, webhookID: String, certificateChainPEM: String, now: Instant
    ) async throws(PayPalWebhookError) {
        guard transmission.algorithm.uppercased() == "SHA256WITHRSA" else {
            throw PayPalWebhookError(.unsupportedAlgorithm, "PAYPAL-AUTH-ALGO \(transmission.algorithm) is not SHA256withRSA")
        }
        let toleranceMilliseconds = tolerance.components.seconds * 1_000
        guard let sentAt = transmission.sentAt, abs(now.milliseconds - sentAt.milliseconds) <= toleranceMilliseconds else {
            throw PayPalWebhookError(.staleTransmission, "the transmission time is not within \(tolerance) of now")
        }
        let key = try await signingKey(chainPEM: certificateChainPEM, at: now)
        let signature = _RSA.Signing.RSASignature(rawRepresentation: transmission.signature)
        let text = Data(transmission.signedText(webhookID: webhookID, body: body).utf8)
        guard key.isValidSignature(signature, for: text, padding: .insecurePKCS1v1_5) else {
            throw PayPalWebhookError(.badSignature, "the signature does not match the body, the transmission and the webhook id")
        }
    }

    /// The leaf's RSA key, once its chain is trusted and its name is PayPal's.
    private func signingKey(chainPEM: String, at now: Instant) async throws(PayPalWebhookError) -> _RSA.Signing.PublicKey {
        let certificates: [Certificate]
        do {
            certificates = try PEMDocument.parseMultiple(pemString: chainPEM).map { try Certificate(pemDocument: $0) }
        } catch {
            throw PayPalWebhookError(.untrustedCertificate, "the certificate URL did not answer PEM certificates")
        }
        guard let leaf = certificates.first else { throw PayPalWebhookError(.untrustedCertificate, "the certificate URL answered no certificate") }
        guard Self.isMessageVerificationName(leaf) else {
            throw PayPalWebhookError(.untrustedCertificate, "the certificate is not PayPal's message-verification certificate")
        }
        var verifier = Verifier(rootCertificates: CertificateStore(roots)) {
            RFC5280Policy(validationTime: now.date)
        }
        guard case .validCertificate = await verifier.validate(leaf: leaf, intermediates: CertificateStore(Array(certificates.dropFirst()))) else {
            throw PayPalWebhookError(.untrustedCertificate, "the certificate does not chain to a trusted root, or is not valid now")
        }
        guard let key = _RSA.Signing.PublicKey(leaf.publicKey) else {
            throw PayPalWebhookError(.untrustedCertificate, "the certificate's key is not an RSA key")
        }
        return key
    }

    /// Whether a common name of the leaf starts with `messageverificationcerts` and ends with `.paypal.com`.
    static func isMessageVerificationName(_ certificate: Certificate) -> Bool {
        certificate.subject.flatMap { $0 }.contains { attribute in
            guard attribute.type == .RDNAttributeType.commonName, let name = String(attribute.value)?.lowercased() else { return false }
            return name.hasPrefix("messageverificationcerts") && name.hasSuffix(".paypal.com")
        }
    }
}
