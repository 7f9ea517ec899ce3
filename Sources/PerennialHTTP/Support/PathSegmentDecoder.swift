/// Percent-decodes a path segment into exactly the bytes it spells, then reads them as UTF-8.
///
/// Foundation's `removingPercentEncoding` drops a leading byte order mark (`%EF%BB%BF`), so an id that
/// begins with U+FEFF, accepted in a body, could never be reached by a path. Nothing is dropped, normalised or
/// replaced here: the decoded string is the same bytes a JSON body would give.
enum PathSegmentDecoder {
    /// The decoded segment, or nil when a `%` is not followed by two hex digits or the bytes are not UTF-8.
    static func decode(_ segment: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count)
        var iterator = segment.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
