extension String {
    /// Whether the text spells `other` (ASCII letters, digits and symbols) in any mix of ASCII upper and lower
    /// case. Text with a non-ASCII byte is never equal: use `lowercased()` for Unicode case folding.
    func equalsIgnoringASCIICase(_ other: StaticString) -> Bool {
        let expected = UnsafeRawBufferPointer(start: other.utf8Start, count: other.utf8CodeUnitCount)
        guard utf8.count == expected.count else { return false }
        return zip(utf8, expected).allSatisfy { byte, wanted in
            byte < 0x80 && Self.asciiLowercase(byte) == Self.asciiLowercase(wanted)
        }
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
