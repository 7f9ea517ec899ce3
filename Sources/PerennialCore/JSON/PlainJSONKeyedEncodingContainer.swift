/// An object's container for `PlainJSONEncoding`: each member is set under its key's string (a key set
/// twice keeps the last value, as in `JSONEncoder`).
struct PlainJSONKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let members: PlainJSONNode.Members
    let encoding: PlainJSONEncoding
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {
        members.values[key.stringValue] = .literal("null")
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        members.values[key.stringValue] = try PlainJSONNode.of(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = PlainJSONNode.Members()
        members.values[key.stringValue] = .object(nested)
        return KeyedEncodingContainer(PlainJSONKeyedEncodingContainer<NestedKey>(members: nested, encoding: encoding))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = PlainJSONNode.Elements()
        members.values[key.stringValue] = .array(nested)
        return PlainJSONUnkeyedEncodingContainer(elements: nested, encoding: encoding)
    }

    mutating func superEncoder() -> any Encoder { encoding.decline() }

    mutating func superEncoder(forKey key: Key) -> any Encoder { encoding.decline() }
}
