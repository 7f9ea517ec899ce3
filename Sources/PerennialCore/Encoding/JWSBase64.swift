/// Strict base64 decoding for JWS (RFC 7515 and RFC 4648).
///
/// JWS segments use the URL-safe alphabet without padding; `x5c` certificates use the standard alphabet with
/// padding. Anything else is rejected rather than repaired: `=` in a segment, a character of the other
/// alphabet, whitespace, a length that cannot be base64, and non-canonical encodings whose unused trailing
/// bits are not zero (two texts for the same bytes would let a signature be "re-encoded").
package enum JWSBase64 {
    /// Decodes a JWS segment: URL-safe alphabet, no padding, canonical.
    package static func decodeURL(_ text: Substring) -> [UInt8]? {
        decode(text.utf8, urlSafe: true, padded: false)
    }

    /// Decodes a JWS segment given as UTF-8 bytes: URL-safe alphabet, no padding, canonical.
    package static func decodeURL(bytes: ArraySlice<UInt8>) -> [UInt8]? {
        decode(bytes, urlSafe: true, padded: false)
    }

    /// Decodes an `x5c` entry: standard alphabet, padding required, canonical.
    package static func decodeStandard(_ text: String) -> [UInt8]? {
        decode(text.utf8, urlSafe: false, padded: true)
    }

    private static func decode(_ utf8: some Collection<UInt8>, urlSafe: Bool, padded: Bool) -> [UInt8]? {
        var characters = Array(utf8)
        if padded {
            guard characters.count % 4 == 0 else { return nil }
            var padding = 0
            while padding < 2, characters.last == UInt8(ascii: "=") {
                characters.removeLast()
                padding += 1
            }
            guard (characters.count + padding) % 4 == 0 else { return nil }
        }
        guard characters.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(characters.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for character in characters {
            guard let value = sextet(character, urlSafe: urlSafe) else { return nil }
            buffer = (buffer << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        // Canonical: the bits left over after the last whole byte must be zero.
        guard buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return output
    }

    private static func sextet(_ character: UInt8, urlSafe: Bool) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-") where urlSafe, UInt8(ascii: "+") where !urlSafe: 62
        case UInt8(ascii: "_") where urlSafe, UInt8(ascii: "/") where !urlSafe: 63
        default: nil
        }
    }
}
