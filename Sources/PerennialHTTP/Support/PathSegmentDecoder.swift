import PerennialCore

/// Percent-decodes a path segment into exactly the bytes it spells, then reads them as UTF-8.
///
/// Foundation's `removingPercentEncoding` drops a leading byte order mark (`%EF%BB%BF`), so an id that
/// begins with U+FEFF, accepted in a body, could never be reached by a path. Nothing is dropped, normalised or
/// replaced here: the decoded string is the same bytes a JSON body would give.
enum PathSegmentDecoder {
    /// The decoded segment, or nil when a `%` is not followed by two hex digits or the bytes are not UTF-8.
    static func decode(_ segment: Substring) -> String? {
        guard segment.utf8.contains(UInt8(ascii: "%")) else { return String(segment) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count)
        var iterator = segment.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(Hexadecimal.value), let low = iterator.next().flatMap(Hexadecimal.value) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
