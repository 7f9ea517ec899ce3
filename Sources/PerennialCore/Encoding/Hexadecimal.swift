/// ASCII hexadecimal, read byte by byte: only `0-9`, `a-f` and `A-F` are digits (`Character.isHexDigit`
/// also admits full-width digits, which no parser reads as numbers).
public enum Hexadecimal {
    /// The value of one digit, or nil for any other byte.
    public static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The bytes a non-empty, even-length run of digits spells; nil when it is anything else.
    public static func bytes(_ digits: some Collection<UInt8>) -> [UInt8]? {
        guard !digits.isEmpty, digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var iterator = digits.makeIterator()
        while let first = iterator.next(), let second = iterator.next() {
            guard let high = value(of: first), let low = value(of: second) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// The bytes as lowercase digits, two per byte (what `String(format: "%02x")` gives, without
    /// Foundation's formatting machinery per byte, which costs microseconds each).
    public static func lowercase(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(lowercaseDigits[Int(byte >> 4)])
            text.append(lowercaseDigits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private static let lowercaseDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
