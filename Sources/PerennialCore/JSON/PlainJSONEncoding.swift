/// The `Encoder` `PlainJSONNode.of` hands to a value's `encode(to:)`: it keeps the one node the value
/// encodes itself as. Coding paths are not kept (nothing here reports errors but `PlainJSONDeclined`).
final class PlainJSONEncoding: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What the value encoded; nil until it asks for a container.
    private(set) var node: PlainJSONNode?
    /// Whether the value asked for something this encoder does not write as `JSONEncoder` would (a
    /// `superEncoder`): its node is then not used.
    var declined = false
    /// The type of the value being encoded: one that hands itself to a single-value container (a scalar
    /// not listed in `PlainJSONNode.of`) is declined rather than encoded again and again.
    let valueType: Any.Type

    init(encoding valueType: Any.Type) {
        self.valueType = valueType
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        // Asked again (a subclass after its superclass), the same object is filled, as `JSONEncoder` does.
        if case .object(let members) = node { return KeyedEncodingContainer(PlainJSONKeyedEncodingContainer(members: members, encoding: self)) }
        let members = PlainJSONNode.Members()
        node = .object(members)
        return KeyedEncodingContainer(PlainJSONKeyedEncodingContainer(members: members, encoding: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array(let elements) = node { return PlainJSONUnkeyedEncodingContainer(elements: elements, encoding: self) }
        let elements = PlainJSONNode.Elements()
        node = .array(elements)
        return PlainJSONUnkeyedEncodingContainer(elements: elements, encoding: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        PlainJSONSingleValueEncodingContainer(encoding: self)
    }

    /// Marks the value declined and gives an encoder whose output is thrown away.
    func decline() -> any Encoder {
        declined = true
        return PlainJSONEncoding(encoding: Void.self)
    }

    func set(_ value: PlainJSONNode) {
        node = value
    }
}
