import PerennialCore

extension PlainJSONReader {
    /// One value of any kind, as `JSONValue(from:)` decodes it through `JSONDecoder`; an object with a
    /// repeated key declines (Foundation keeps the first, a reader of the raw body might keep the last).
    mutating func value(depth: Int = 0) throws(PlainJSONDeclined) -> JSONValue {
        guard depth < Self.maximumDepth else { throw PlainJSONDeclined() }
        switch try peek() {
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "{"):
            try beginObject()
            var object = [String: JSONValue](minimumCapacity: lastObjectCount)
            var first = true
            while let key = try nextMemberKeyText(first: &first, known: AppleFieldKeys.key(for:)) {
                guard object.updateValue(try value(depth: depth + 1), forKey: key) == nil else {
                    throw PlainJSONDeclined()
                }
            }
            lastObjectCount = object.count
            return .object(object)
        case UInt8(ascii: "["):
            try beginArray()
            var array: [JSONValue] = []
            var first = true
            while try nextElement(first: &first) { array.append(try value(depth: depth + 1)) }
            return .array(array)
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return .bool(try bool())
        case UInt8(ascii: "n"):
            _ = try consumeNull()
            return .null
        default:
            return .integer(try integer())
        }
    }

    /// Any value, or `null` (nil), as `decodeIfPresent(JSONValue.self, …)` reads it.
    mutating func optionalValue() throws(PlainJSONDeclined) -> JSONValue? {
        try consumeNull() ? nil : try value()
    }
}
