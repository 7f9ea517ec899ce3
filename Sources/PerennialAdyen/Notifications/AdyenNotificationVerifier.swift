import Crypto
import Foundation

/// Checks each item of a standard webhook delivery: `additionalData.hmacSignature` must be the base64
/// HMAC-SHA256 of the item's signed text, keyed with the webhook's HMAC key (hex, decoded to bytes),
/// compared in constant time; and the item must be for the app's merchant account.
public struct AdyenNotificationVerifier: Sendable {
    /// The keys' bytes: the current key, and the previous one while it is being replaced.
    let keys: [SymmetricKey]
    public let merchantAccount: String

    /// Nil when a key is not hex of 16 to 64 bytes.
    public init?(hexKeys: [String], merchantAccount: String) {
        var keys: [SymmetricKey] = []
        for hex in hexKeys {
            guard let bytes = Self.bytes(ofHex: hex), (16...64).contains(bytes.count) else { return nil }
            keys.append(SymmetricKey(data: bytes))
        }
        guard !keys.isEmpty else { return nil }
        self.keys = keys
        self.merchantAccount = merchantAccount
    }

    /// The signature Adyen puts on `item` with the hex key `hexKey`; nil when the key is not hex.
    public static func signature(of item: AdyenNotificationItem, hexKey: String) -> String? {
        guard let bytes = bytes(ofHex: hexKey) else { return nil }
        return Data(HMAC<SHA256>.authenticationCode(for: Data(item.signedText.utf8), using: SymmetricKey(data: bytes))).base64EncodedString()
    }

    public func verify(_ notification: AdyenNotification) throws(AdyenNotificationError) {
        for item in notification.items {
            guard let text = item.hmacSignature, text.utf8.count <= 128, let signature = Data(base64Encoded: text) else {
                throw AdyenNotificationError(.missingSignature, "an item has no readable additionalData.hmacSignature")
            }
            let message = Data(item.signedText.utf8)
            guard keys.contains(where: { HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: message, using: $0) }) else {
                throw AdyenNotificationError(.badSignature, "an item's signature does not match its fields")
            }
            guard item.merchantAccountCode == merchantAccount else {
                throw AdyenNotificationError(.foreignMerchantAccount, "an item is for another merchant account")
            }
        }
    }

    static func bytes(ofHex text: String) -> Data? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2), digits.count <= 256 else { return nil }
        var bytes = Data(capacity: digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
