/// JSON written straight into bytes, byte for byte as `JSONEncoder` with `.sortedKeys` and
/// `.withoutEscapingSlashes` writes it: no whitespace, strings escaped as `JSONStringEscapes` says. The
/// caller writes keys in the encoder's order (sorted by their UTF-8 bytes); `object(_:_:)` sorts a
/// dictionary's.
///
/// For values written inside the single writer's transactions (a webhook's message), where `JSONEncoder`'s
/// boxing of every value cost more than the statements around it; their tests compare both outputs.
package struct JSONByteWriter {
    /// What has been written.
    package private(set) var bytes: [UInt8] = []

    /// An empty writer with room for `capacity` bytes.
    package init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// The bytes written, as text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Writes punctuation and keys as they are: `{"key":`, `,"key":`, `]`.
    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Writes a number or a word (`true`, `null`) given as text, as it is.
    package mutating func literal(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes a string value, quoted and escaped.
    package mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            if JSONStringEscapes.needsEscape(byte) {
                bytes.append(contentsOf: JSONStringEscapes.escape(byte))
            } else {
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a string value, or `null`.
    package mutating func string(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }

    /// Writes `true` or `false`.
    package mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// Writes an integer in decimal.
    package mutating func int(_ value: Int64) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Writes `[`, each element by `write` with commas between them, and `]`.
    package mutating func array<Element>(_ elements: [Element], _ write: (Element, inout JSONByteWriter) -> Void) {
        raw("[")
        for (index, element) in elements.enumerated() {
            if index > 0 { raw(",") }
            write(element, &self)
        }
        raw("]")
    }

    /// Writes a dictionary as an object, its keys sorted by their UTF-8 bytes, each value by `write`.
    package mutating func object<Value>(_ members: [String: Value], _ write: (Value, inout JSONByteWriter) -> Void) {
        raw("{")
        let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for (index, key) in keys.enumerated() {
            if index > 0 { raw(",") }
            string(key)
            raw(":")
            write(members[key]!, &self)
        }
        raw("}")
    }
}
