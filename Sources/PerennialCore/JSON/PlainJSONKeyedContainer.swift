/// An object of a `PlainJSONTape`, read by key (found by `PlainJSONTape.value(of:forKey:)`).
struct PlainJSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let tape: PlainJSONTape
    /// The object's node.
    let index: Int

    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        guard case .object(let count, _, let first, _) = tape.nodes[index] else { return [] }
        return tape.members[first..<first + count].compactMap { tape.keyText(at: $0).flatMap(Key.init(stringValue:)) }
    }

    func contains(_ key: Key) -> Bool { valueIndex(of: key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(key).decodeValue(type) }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let value = presentValue(key) else { return nil }
        return try value.decode(type)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let value = presentValue(key) else { return nil }
        return try value.decode(type)
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard let value = presentValue(key) else { return nil }
        return try value.decode(type)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = presentValue(key) else { return nil }
        return try value.decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try value(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try value(key).unkeyedContainer()
    }

    /// Super decoders carry coding paths this decoder does not keep: left to `JSONDecoder`.
    func superDecoder() throws -> any Decoder { throw PlainJSONDeclined() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw PlainJSONDeclined() }

    /// The value of `key`; a missing key declines (`JSONDecoder` reports it).
    private func value(_ key: Key) throws -> PlainJSONNodeDecoder {
        guard let found = valueIndex(of: key) else { throw PlainJSONDeclined() }
        return PlainJSONNodeDecoder(tape: tape, index: found)
    }

    /// The value of `key`, or nil when the key is absent or `null` (as `decodeIfPresent` reads it).
    private func presentValue(_ key: Key) -> PlainJSONNodeDecoder? {
        guard let found = valueIndex(of: key) else { return nil }
        if case .null = tape.nodes[found] { return nil }
        return PlainJSONNodeDecoder(tape: tape, index: found)
    }

    private func valueIndex(of key: Key) -> Int? {
        tape.value(of: index, forKey: key.stringValue)
    }
}
