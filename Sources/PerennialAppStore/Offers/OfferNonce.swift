import Foundation

/// Nonces for offer signatures: one-time UUIDs written in lowercase, as the App Store requires.
public enum OfferNonce {
    /// Makes a new random nonce for every signature; replace it in tests to get known values.
    public typealias Source = @Sendable () -> UUID

    /// A new random (version 4) UUID each call, from the system's secure generator (`getrandom` on Linux;
    /// Foundation's `UUID()` opens and reads `/dev/urandom` for each one there, a fifth of a signature's cost).
    public static let random: Source = {
        var generator = SystemRandomNumberGenerator()
        var bytes = (generator.next() as UInt64, generator.next() as UInt64)
        return withUnsafeMutableBytes(of: &bytes) { raw in
            raw[6] = raw[6] & 0x0F | 0x40  // version 4
            raw[8] = raw[8] & 0x3F | 0x80  // RFC 4122 variant
            return UUID(uuid: raw.load(as: uuid_t.self))
        }
    }

    /// The lowercase text of a nonce, as it is signed and sent (`uuidString.lowercased()`, without the
    /// formatting and case-mapping machinery).
    public static func text(_ nonce: UUID) -> String {
        withUnsafeBytes(of: nonce.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var index = 0
                for (offset, byte) in bytes.enumerated() {
                    if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
                        text[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    text[index] = hexDigits[Int(byte >> 4)]
                    text[index + 1] = hexDigits[Int(byte & 0x0F)]
                    index += 2
                }
                return index
            }
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Parses a nonce in either case.
    ///
    /// - Throws: `OfferSigningError.invalidNonce` unless `text` is a UUID.
    public static func parse(_ text: String) throws(OfferSigningError) -> UUID {
        guard let uuid = UUID(uuidString: text) else { throw .invalidNonce(text) }
        return uuid
    }
}
