/// An array of a `PlainJSONTape`, read element by element.
struct PlainJSONUnkeyedContainer: UnkeyedDecodingContainer {
    let tape: PlainJSONTape
    let count: Int?
    /// The node of the next element.
    private var next: Int
    private(set) var currentIndex = 0

    init(tape: PlainJSONTape, count: Int, next: Int) {
        self.tape = tape
        self.count = count
        self.next = next
    }

    var codingPath: [any CodingKey] { [] }
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw PlainJSONDeclined() }
        guard case .null = tape.nodes[next] else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try element { try $0.decode(type) } }
    mutating func decode(_ type: String.Type) throws -> String { try element { try $0.decode(type) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try element { try $0.decode(type) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try element { try $0.decode(type) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try element { try $0.decode(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try element { try $0.decode(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try element { try $0.decode(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try element { try $0.decode(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try element { try $0.decode(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try element { try $0.decode(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try element { try $0.decode(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try element { try $0.decode(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try element { try $0.decode(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try element { try $0.decode(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try element { try $0.decodeValue(type) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try element { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try element { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder { throw PlainJSONDeclined() }

    /// Reads the next element with `read`, then moves past it (only when it was read).
    private mutating func element<T>(_ read: (PlainJSONNodeDecoder) throws -> T) throws -> T {
        guard !isAtEnd else { throw PlainJSONDeclined() }
        let value = try read(PlainJSONNodeDecoder(tape: tape, index: next))
        advance()
        return value
    }

    private mutating func advance() {
        next = tape.end(of: next)
        currentIndex += 1
    }
}
