/// A value of a response written field by field (`SubscriptionResponse.fields`): encoded through a keyed
/// container, or written by `JSONOutput`, the same JSON either way.
enum JSONScalar {
    /// A string, or `null`.
    case string(String?)
    case bool(Bool)
    case int(Int)

    /// A key named at run time.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ name: StaticString) { stringValue = name.description }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to container: inout KeyedEncodingContainer<Key>, forKey key: Key) throws {
        switch self {
        case .string(let value): try container.encode(value, forKey: key)
        case .bool(let value): try container.encode(value, forKey: key)
        case .int(let value): try container.encode(value, forKey: key)
        }
    }

    func write(to output: inout JSONOutput) {
        switch self {
        case .string(let value): output.string(value)
        case .bool(let value): output.bool(value)
        case .int(let value): output.int(value)
        }
    }
}
