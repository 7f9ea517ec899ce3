/// Why a PayPal webhook is refused, with a stable code.
public struct PayPalWebhookError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        /// A `PAYPAL-TRANSMISSION-*` header or `PAYPAL-CERT-URL` is missing or unreadable.
        case missingHeaders = "missing_headers"
        /// `PAYPAL-AUTH-ALGO` is not SHA256withRSA.
        case unsupportedAlgorithm = "unsupported_algorithm"
        /// The certificate URL is not PayPal's (https, a PayPal API host, `/v1/notifications/certs/`).
        case untrustedCertificateURL = "untrusted_certificate_url"
        /// The certificate cannot be read, does not chain to a trusted root, is not valid now, or is not
        /// PayPal's message-verification certificate.
        case untrustedCertificate = "untrusted_certificate"
        /// The transmission time is too far from now: a replay, or a clock that is wrong.
        case staleTransmission = "stale_transmission"
        /// The signature does not match the body, the transmission and the app's webhook id.
        case badSignature = "bad_signature"
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
