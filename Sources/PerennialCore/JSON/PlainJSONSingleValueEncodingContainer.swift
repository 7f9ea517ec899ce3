/// A single value's container for `PlainJSONEncoding`: the value becomes the encoder's node.
struct PlainJSONSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoding: PlainJSONEncoding
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws {
        encoding.set(.literal("null"))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        if T.self == encoding.valueType { throw PlainJSONDeclined() }
        encoding.set(try PlainJSONNode.of(value))
    }
}
