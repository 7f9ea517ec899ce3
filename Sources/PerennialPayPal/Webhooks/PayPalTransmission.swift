import Foundation
import PerennialCore

/// The headers PayPal signs a webhook delivery with: `PAYPAL-TRANSMISSION-ID`, `-TIME` (RFC 3339), `-SIG`
/// (base64), `PAYPAL-CERT-URL` and `PAYPAL-AUTH-ALGO`.
public struct PayPalTransmission: Sendable, Hashable {
    public var id: String
    public var time: String
    public var signature: [UInt8]
    public var certificateURL: String
    public var algorithm: String

    public init(id: String, time: String, signature: [UInt8], certificateURL: String, algorithm: String) {
        self.id = id
        self.time = time
        self.signature = signature
        self.certificateURL = certificateURL
        self.algorithm = algorithm
    }

    /// Reads the headers (`header(name)` answers a header's value, names compared without case);
    /// `missingHeaders` when one is absent, empty, too long, or the signature is not base64.
    public init(header: (String) -> String?) throws(PayPalWebhookError) {
        func value(_ name: String) throws(PayPalWebhookError) -> String {
            guard let text = header(name)?.trimmingCharacters(in: .whitespaces), !text.isEmpty, text.utf8.count <= 2_048 else {
                throw PayPalWebhookError(.missingHeaders, "the delivery has no readable \(name) header")
            }
            return text
        }
        let signatureText = try value("PAYPAL-TRANSMISSION-SIG")
        guard let signature = Data(base64Encoded: signatureText), !signature.isEmpty else {
            throw PayPalWebhookError(.missingHeaders, "PAYPAL-TRANSMISSION-SIG is not base64")
        }
        self.init(
            id: try value("PAYPAL-TRANSMISSION-ID"), time: try value("PAYPAL-TRANSMISSION-TIME"), signature: Array(signature),
            certificateURL: try value("PAYPAL-CERT-URL"), algorithm: try value("PAYPAL-AUTH-ALGO"))
    }

    /// When PayPal sent it; nil when the time is not RFC 3339.
    public var sentAt: Instant? {
        PayPalTime.instant(time)
    }

    /// The text PayPal signs: `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the raw body,
    /// unsigned decimal>`. The body's own bytes, never a re-serialization of it.
    public func signedText(webhookID: String, body: Data) -> String {
        "\(id)|\(time)|\(webhookID)|\(CRC32.checksum(body))"
    }
}
