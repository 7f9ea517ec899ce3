/// A strict, allocation-light reader for the plain JSON the App Store sends: objects, arrays, strings,
/// integers, `true`, `false` and `null`, separated by JSON's four whitespace characters.
///
/// It is a fast path, never the only path: whatever it is not sure to read exactly as Foundation's
/// `JSONDecoder` does — numbers with a fraction or exponent, integers of 19 digits or more, surrogate
/// escapes, raw control characters, invalid UTF-8, a byte-order mark, duplicate keys, nesting deeper than
/// `maximumDepth`, anything invalid — makes it throw `PlainJSONDeclined`, and the caller decodes the same
/// bytes with `JSONDecoder`. So errors are always Foundation's, and a value it returns is the value
/// `JSONDecoder` returns (`PlainJSONDifferentialTests` checks this on mutated real payloads).
/// Fast path for the benchmarks `receipt-fold` (through `AppleJSONTape`) and `entitlements-http` (through
/// `PlainJSONDecoder`, for stored subscription states) in BENCHMARKS.md; Perennial's one hand-written JSON reader.
package struct PlainJSONReader {
    /// Objects and arrays nested deeper than this decline.
    package static let maximumDepth = 64

    @usableFromInline let bytes: UnsafeRawBufferPointer
    /// The offset of the next byte to read. (Settable only so that inlined readers can advance it.)
    @usableFromInline package var position = 0
    /// The size of the last object read: room reserved for the next (Apple's lists repeat one shape).
    package var lastObjectCount = 0

    /// Reads `bytes`, which must outlive the reader.
    package init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    // MARK: Structure

    /// Skips whitespace and consumes `{`.
    @inlinable
    package mutating func beginObject() throws(PlainJSONDeclined) {
        try consume(UInt8(ascii: "{"))
    }

    /// The next member's key as raw bytes (no escapes, ASCII only, or it declines) with the `:` after it
    /// consumed, or nil after the closing `}`. `first` is true before the object's first member.
    package mutating func nextKey(first: inout Bool) throws(PlainJSONDeclined) -> UnsafeRawBufferPointer? {
        if try member(first: &first, closing: UInt8(ascii: "}")) == false { return nil }
        let key = try rawASCIIString()
        try consume(UInt8(ascii: ":"))
        return key
    }

    /// Skips whitespace and consumes `[`.
    @inlinable
    package mutating func beginArray() throws(PlainJSONDeclined) {
        try consume(UInt8(ascii: "["))
    }

    /// True when another element follows (its separating comma consumed), false after the closing `]`.
    @inlinable @inline(__always)
    package mutating func nextElement(first: inout Bool) throws(PlainJSONDeclined) -> Bool {
        try member(first: &first, closing: UInt8(ascii: "]"))
    }

    /// Declines unless only whitespace is left.
    package mutating func finish() throws(PlainJSONDeclined) {
        skipWhitespace()
        guard position == bytes.count else { throw PlainJSONDeclined() }
    }

    /// The next non-whitespace byte, not consumed.
    @inlinable @inline(__always)
    package mutating func peek() throws(PlainJSONDeclined) -> UInt8 {
        skipWhitespace()
        guard position < bytes.count else { throw PlainJSONDeclined() }
        return bytes[position]
    }

    // MARK: Scalars

    /// Consumes `null` if it is next; false (nothing consumed) otherwise.
    @inlinable
    package mutating func consumeNull() throws(PlainJSONDeclined) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// A `true` or `false`.
    @inlinable
    package mutating func bool() throws(PlainJSONDeclined) -> Bool {
        switch try peek() {
        case UInt8(ascii: "t"): try literal("true"); return true
        case UInt8(ascii: "f"): try literal("false"); return false
        default: throw PlainJSONDeclined()
        }
    }

    /// An integer written without fraction or exponent, of at most 18 digits (so it always fits).
    @inlinable
    package mutating func integer() throws(PlainJSONDeclined) -> Int64 {
        skipWhitespace()
        var index = position
        let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let firstDigit = index
        var value: Int64 = 0
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
            value = value &* 10 &+ Int64(bytes[index] &- UInt8(ascii: "0"))
            index += 1
        }
        let digits = index - firstDigit
        guard digits > 0, digits <= 18, digits == 1 || bytes[firstDigit] != UInt8(ascii: "0") else {
            throw PlainJSONDeclined()
        }
        try requireValueEnd(at: index)
        position = index
        return negative ? -value : value
    }

    /// A string: escapes decoded (`\uXXXX` outside the surrogate range only), UTF-8 validated.
    package mutating func string() throws(PlainJSONDeclined) -> String {
        try string(known: { _ in nil })
    }

    /// A string, as `string()` reads it, except that an ASCII string without escapes is first offered to
    /// `known`, whose answer is used when it has one.
    private mutating func string(known: (UnsafeRawBufferPointer) -> String?) throws(PlainJSONDeclined) -> String {
        switch try stringOrSpan() {
        case .span(let range):
            let text = UnsafeRawBufferPointer(rebasing: bytes[range])
            return known(text) ?? String(decoding: text, as: UTF8.self)
        case .text(let text):
            return text
        }
    }

    /// A string, checked as `string()` checks it; an ASCII string without escapes (nearly every string Apple
    /// sends) comes back as its bytes' range in the input instead of a copy.
    @inlinable @inline(__always)
    package mutating func stringOrSpan() throws(PlainJSONDeclined) -> PlainJSONString {
        try consume(UInt8(ascii: "\""))
        let start = position
        var sawNonASCII = false
        while true {
            // Eight bytes at a time up to the first byte that is not plain ASCII text.
            while position + 8 <= bytes.count {
                let special = Self.specialBytes(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)))
                if special != 0 {
                    position += special.trailingZeroBitCount >> 3
                    break
                }
                position += 8
            }
            guard position < bytes.count else { throw PlainJSONDeclined() }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                guard sawNonASCII else { return .span(start..<(position - 1)) }
                return .text(try Self.validatedText(UnsafeRawBufferPointer(rebasing: bytes[start..<(position - 1)])))
            }
            if byte == UInt8(ascii: "\\") { return .text(try escapedString(from: start)) }
            if byte < 0x20 { throw PlainJSONDeclined() }
            if byte >= 0x80 { sawNonASCII = true }
            position += 1
        }
    }

    /// The next member's key as `stringOrSpan()` reads it, with the `:` after it consumed, or nil after the
    /// closing `}`. `expected` is tried first: when the key's text is exactly those bytes, it is matched with
    /// one comparison instead of a scan, and `isExpected` is true. `expected` must hold no quote, backslash,
    /// control or non-ASCII byte (then equal bytes are equal text); empty, it is not tried.
    @inlinable @inline(__always)
    package mutating func nextMemberKey(
        first: inout Bool, expected: UnsafeRawBufferPointer
    ) throws(PlainJSONDeclined) -> (key: PlainJSONString, isExpected: Bool)? {
        if try member(first: &first, closing: UInt8(ascii: "}")) == false { return nil }
        if try peek() == UInt8(ascii: "\""), let expectedStart = expected.baseAddress, let base = bytes.baseAddress {
            let start = position + 1, end = start + expected.count
            if end < bytes.count, bytes[end] == UInt8(ascii: "\""), Self.sameBytes(base + start, expectedStart, count: expected.count) {
                position = end + 1
                try consume(UInt8(ascii: ":"))
                return (.span(start..<end), true)
            }
        }
        let key = try stringOrSpan()
        try consume(UInt8(ascii: ":"))
        return (key, false)
    }

    // MARK: Whole values

    /// Skips one value of any kind, checking it as strictly as it would be read.
    package mutating func skipValue(depth: Int = 0) throws(PlainJSONDeclined) {
        guard depth < Self.maximumDepth else { throw PlainJSONDeclined() }
        switch try peek() {
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "{"):
            try beginObject()
            var first = true
            while try nextMemberKeyText(first: &first) != nil { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            try beginArray()
            var first = true
            while try nextElement(first: &first) { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try integer()
        }
    }

    /// The next member's key as text (escapes allowed), or nil after the closing `}`.
    package mutating func nextMemberKeyText(first: inout Bool) throws(PlainJSONDeclined) -> String? {
        try nextMemberKeyText(first: &first, known: { _ in nil })
    }

    /// The next member's key as text, or nil after the closing `}`; a key without escapes or non-ASCII
    /// bytes is first offered to `known`, whose answer (a stored copy of the same text) is used when it has
    /// one, sparing an allocation per key.
    package mutating func nextMemberKeyText(
        first: inout Bool, known: (UnsafeRawBufferPointer) -> String?
    ) throws(PlainJSONDeclined) -> String? {
        if try member(first: &first, closing: UInt8(ascii: "}")) == false { return nil }
        let key = try string(known: known)
        try consume(UInt8(ascii: ":"))
        return key
    }

    // MARK: Private

    @inlinable @inline(__always)
    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    @inlinable @inline(__always)
    mutating func consume(_ byte: UInt8) throws(PlainJSONDeclined) {
        guard try peek() == byte else { throw PlainJSONDeclined() }
        position += 1
    }

    /// Handles the separator before a member or element; false when `closing` ends the container.
    @inlinable @inline(__always)
    mutating func member(first: inout Bool, closing: UInt8) throws(PlainJSONDeclined) -> Bool {
        let next = try peek()
        if next == closing {
            position += 1
            return false
        }
        if first {
            first = false
        } else {
            guard next == UInt8(ascii: ",") else { throw PlainJSONDeclined() }
            position += 1
        }
        return true
    }

    @inlinable
    mutating func literal(_ word: StaticString) throws(PlainJSONDeclined) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw PlainJSONDeclined() }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] {
            throw PlainJSONDeclined()
        }
        try requireValueEnd(at: position + count)
        position += count
    }

    /// A scalar ending before `index` must be followed by whitespace, a separator, a closing bracket or the
    /// end. (Checked before the scalar is consumed: a declined read leaves the position where it was.)
    @inlinable
    func requireValueEnd(at index: Int) throws(PlainJSONDeclined) {
        guard index < bytes.count else { return }
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"): return
        default: throw PlainJSONDeclined()
        }
    }

    /// A string's raw bytes when it is printable ASCII without escapes (object keys).
    private mutating func rawASCIIString() throws(PlainJSONDeclined) -> UnsafeRawBufferPointer {
        try consume(UInt8(ascii: "\""))
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return UnsafeRawBufferPointer(rebasing: bytes[start..<(position - 1)])
            }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { throw PlainJSONDeclined() }
            position += 1
        }
        throw PlainJSONDeclined()
    }

    /// The rest of a string that has an escape, from its first byte at `start`.
    @usableFromInline
    mutating func escapedString(from start: Int) throws(PlainJSONDeclined) -> String {
        var decoded = [UInt8](UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        var sawNonASCII = decoded.contains { $0 >= 0x80 }
        while position < bytes.count {
            let runStart = position
            while position < bytes.count, bytes[position] >= 0x20, bytes[position] != UInt8(ascii: "\""),
                bytes[position] != UInt8(ascii: "\\")
            {
                if bytes[position] >= 0x80 { sawNonASCII = true }
                position += 1
            }
            decoded.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<position]))
            guard position < bytes.count else { break }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard sawNonASCII else { return String(decoding: decoded, as: UTF8.self) }
                guard let text = String(validating: decoded, as: UTF8.self) else { throw PlainJSONDeclined() }
                return text
            case UInt8(ascii: "\\"):
                try appendEscape(to: &decoded)
            default:
                throw PlainJSONDeclined()
            }
        }
        throw PlainJSONDeclined()
    }

    private mutating func appendEscape(to decoded: inout [UInt8]) throws(PlainJSONDeclined) {
        guard position < bytes.count else { throw PlainJSONDeclined() }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            guard position + 4 <= bytes.count else { throw PlainJSONDeclined() }
            var scalarValue: UInt32 = 0
            for offset in 0..<4 {
                guard let digit = Self.hexDigit(bytes[position + offset]) else { throw PlainJSONDeclined() }
                scalarValue = scalarValue << 4 | digit
            }
            position += 4
            guard let scalar = Unicode.Scalar(scalarValue) else { throw PlainJSONDeclined() }
            decoded.append(contentsOf: String(Character(scalar)).utf8)
        default:
            throw PlainJSONDeclined()
        }
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    @usableFromInline
    static func validatedText(_ bytes: UnsafeRawBufferPointer) throws(PlainJSONDeclined) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw PlainJSONDeclined() }
        return text
    }
}
