extension UnsafeRawBufferPointer {
    /// Whether the bytes spell `other` (ASCII letters, digits and symbols) in any mix of ASCII upper and lower
    /// case. A non-ASCII byte is never equal.
    func equalsIgnoringASCIICase(_ other: StaticString) -> Bool {
        guard count == other.utf8CodeUnitCount else { return false }
        for offset in 0..<count {
            let byte = self[offset]
            guard byte < 0x80, Self.asciiLowercase(byte) == Self.asciiLowercase(other.utf8Start[offset]) else { return false }
        }
        return true
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
