/// How a string's bytes are written inside a JSON string, as Foundation's `JSONEncoder` writes them with
/// `.withoutEscapingSlashes`: `"` and `\` escaped, the control characters as `\b`, `\f`, `\n`, `\r`, `\t`
/// or `\u00xx` (lowercase), every other byte (DEL, U+2028 included) as it is.
package enum JSONStringEscapes {
    /// Whether `byte` must be written as an escape sequence.
    @inline(__always)
    package static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The escape sequence of a byte `needsEscape` accepts.
    package static func escape(_ byte: UInt8) -> [UInt8] {
        switch byte {
        case UInt8(ascii: "\""): Array(#"\""#.utf8)
        case UInt8(ascii: "\\"): Array(#"\\"#.utf8)
        case 0x08: Array(#"\b"#.utf8)
        case 0x0C: Array(#"\f"#.utf8)
        case 0x0A: Array(#"\n"#.utf8)
        case 0x0D: Array(#"\r"#.utf8)
        case 0x09: Array(#"\t"#.utf8)
        default: Array(#"\u00"#.utf8) + Array(Hexadecimal.lowercase(CollectionOfOne(byte)).utf8)
        }
    }
}
