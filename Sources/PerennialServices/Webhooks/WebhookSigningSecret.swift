import Crypto
import Foundation

/// An endpoint's signing secret, as the Standard Webhooks specification writes it: `whsec_` and the base64 of
/// the key's bytes. Perennial generates 32 random bytes per endpoint; a secret a team brings must hold 24 to
/// 64. Its description never shows the key.
public struct WebhookSigningSecret: Sendable, Hashable, CustomStringConvertible {
    /// The prefix every secret's text begins with.
    public static let prefix = "whsec_"
    /// The key lengths accepted, in bytes.
    public static let keyLengths = 24...64

    /// The HMAC key.
    let key: [UInt8]

    /// A new random secret (32 bytes from the system's secure generator).
    public static func generate() -> WebhookSigningSecret {
        WebhookSigningSecret(key: SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })
    }

    /// Reads `whsec_<base64>`; nil when the prefix, the base64 or the key's length is wrong.
    public init?(text: String) {
        guard text.hasPrefix(Self.prefix), let key = Data(base64Encoded: String(text.dropFirst(Self.prefix.count))),
              Self.keyLengths.contains(key.count)
        else { return nil }
        self.key = Array(key)
    }

    init(key: [UInt8]) {
        self.key = key
    }

    /// `whsec_<base64>`: shown to the team once, when the endpoint is created or its secret rotated.
    public var text: String {
        Self.prefix + Data(key).base64EncodedString()
    }

    public var description: String { Self.prefix + "…" }
}
