import Crypto
import Foundation
import PerennialCore

/// Stripe's webhook signature: `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "t.body")>`,
/// one `v1` per secret in force (two while a secret is being rolled).
public enum StripeSimulatedWebhookSignature {
    /// The header for `body` sent at `timestamp`, signed with each of `secrets`.
    public static func header(body: Data, timestamp: Int64, secrets: [String]) -> String {
        (["t=\(timestamp)"] + secrets.map { "v1=" + signature(body: body, timestamp: timestamp, secret: $0) })
            .joined(separator: ",")
    }

    /// The hex HMAC-SHA256 of `"<timestamp>.<body>"` keyed with the whole secret (`whsec_` included, as
    /// Stripe's libraries use it).
    public static func signature(body: Data, timestamp: Int64, secret: String) -> String {
        var signed = Data("\(timestamp).".utf8)
        signed.append(body)
        let code = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: Data(secret.utf8)))
        return Hexadecimal.lowercase(code)
    }
}
