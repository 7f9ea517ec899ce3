import Foundation

/// Decodes any `Decodable` from the plain JSON `PlainJSONReader` reads, through the type's own `init(from:)`
/// (synthesized or written), so a model needs no reading code of its own: a property added to the type is
/// read with it. It answers only when it is sure to answer as Foundation's `JSONDecoder` does with its default
/// strategies; on anything else — the reader declining, a repeated key, a fraction, the types `JSONDecoder`
/// treats specially (`Date`, `Data`, `URL`, `Decimal`), or any error the type throws — it returns nil and the
/// caller decodes with `JSONDecoder`, which accepts the text or reports the error.
/// Fast path for the benchmarks `entitlements-http` and `notifications-http` (BENCHMARKS.md), through
/// `JSONBody.decode`.
package enum PlainJSONDecoder {
    /// The value `text` encodes, or nil when the fast path declines.
    package static func decode<Value: Decodable>(_ type: Value.Type, from text: String) -> Value? {
        var text = text
        return text.withUTF8 { utf8 in
            guard let tape = try? PlainJSONTape(UnsafeRawBufferPointer(utf8)) else { return nil }
            return try? PlainJSONNodeDecoder(tape: tape, index: 0).decodeValue(type)
        }
    }
}

/// The decoder for one node of a tape: the value `PlainJSONDecoder` hands to `init(from:)`. Coding paths are
/// not kept (every error leads to `JSONDecoder`, which reports them).
struct PlainJSONNodeDecoder: Decoder, SingleValueDecodingContainer {
    let tape: PlainJSONTape
    let index: Int

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object = tape.nodes[index] else { throw PlainJSONDeclined() }
        return KeyedDecodingContainer(PlainJSONKeyedContainer<Key>(tape: tape, index: index))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let count, _) = tape.nodes[index] else { throw PlainJSONDeclined() }
        return PlainJSONUnkeyedContainer(tape: tape, count: count, next: index + 1)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Single value

    func decodeNil() -> Bool {
        if case .null = tape.nodes[index] { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let value) = tape.nodes[index] else { throw PlainJSONDeclined() }
        return value
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let value) = tape.nodes[index] else { throw PlainJSONDeclined() }
        return value
    }

    /// Fractions are never read (the reader declines them), and an integer read as a floating-point number
    /// is left to `JSONDecoder` too (`-0`, rounding).
    func decode(_ type: Double.Type) throws -> Double { throw PlainJSONDeclined() }
    func decode(_ type: Float.Type) throws -> Float { throw PlainJSONDeclined() }

    func decode(_ type: Int.Type) throws -> Int { try integer() }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    /// `type` read through its own `init(from:)`, except the types `JSONDecoder` reads its own way.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if type == Date.self || type == Data.self || type == URL.self || type == Decimal.self {
            throw PlainJSONDeclined()
        }
        return try T(from: self)
    }

    private func integer<T: FixedWidthInteger>() throws -> T {
        guard case .integer(let value) = tape.nodes[index], let exact = T(exactly: value) else { throw PlainJSONDeclined() }
        return exact
    }
}
