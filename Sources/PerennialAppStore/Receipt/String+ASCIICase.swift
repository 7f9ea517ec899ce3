extension String {
    /// Whether the text spells `other` (ASCII letters, digits and symbols) in any mix of ASCII upper and lower
    /// case. Text with a non-ASCII byte is never equal: use `lowercased()` for Unicode case folding.
    func equalsIgnoringASCIICase(_ other: StaticString) -> Bool {
        guard utf8.count == other.utf8CodeUnitCount else { return false }
        var offset = 0
        for byte in utf8 {
            guard byte < 0x80, Self.asciiLowercase(byte) == Self.asciiLowercase(other.utf8Start[offset]) else { return false }
            offset += 1
        }
        return true
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
