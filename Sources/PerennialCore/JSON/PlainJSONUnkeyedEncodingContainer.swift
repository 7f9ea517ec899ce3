/// An array's container for `PlainJSONEncoding`.
struct PlainJSONUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let elements: PlainJSONNode.Elements
    let encoding: PlainJSONEncoding
    var codingPath: [any CodingKey] { [] }
    var count: Int { elements.values.count }

    mutating func encodeNil() throws {
        elements.values.append(.literal("null"))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        elements.values.append(try PlainJSONNode.of(value))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = PlainJSONNode.Members()
        elements.values.append(.object(nested))
        return KeyedEncodingContainer(PlainJSONKeyedEncodingContainer<NestedKey>(members: nested, encoding: encoding))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = PlainJSONNode.Elements()
        elements.values.append(.array(nested))
        return PlainJSONUnkeyedEncodingContainer(elements: nested, encoding: encoding)
    }

    mutating func superEncoder() -> any Encoder { encoding.decline() }
}
