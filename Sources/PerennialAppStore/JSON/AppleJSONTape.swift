/// A JSON object from the App Store read once (by `AppleJSONTapeBuilder`) into a flat list of nodes that
/// point into a copy of the body, so that `AppleFields` can answer a field by comparing slots and build only
/// the values it is asked for. Immutable, and shared by every `AppleFields` read from the same body.
/// Fast path for the benchmark `receipt-fold` (BENCHMARKS.md), built on `PlainJSONReader`.
// @unchecked Sendable: `bytes` is written once, in init, and only read afterwards; it is freed in deinit,
// when no reader is left. The other properties are immutable Sendable values.
final class AppleJSONTape: @unchecked Sendable {
    /// The copy of the body the nodes' byte ranges point into, owned by the tape.
    let bytes: UnsafeRawBufferPointer
    private let allocation: UnsafeMutableRawBufferPointer
    /// Every value in document order; the document's object is at 0.
    let nodes: [AppleJSONNode]
    /// For each object, a row with one entry per known key (by slot): the position of its value, or -1.
    let knownMembers: [Int32]
    /// Decoded strings (those with escapes or non-ASCII text) and unknown keys.
    let strings: [String]

    init(copying body: UnsafeRawBufferPointer, nodes: [AppleJSONNode], knownMembers: [Int32], strings: [String]) {
        allocation = UnsafeMutableRawBufferPointer.allocate(byteCount: max(body.count, 1), alignment: 1)
        allocation.copyMemory(from: body)
        bytes = UnsafeRawBufferPointer(rebasing: allocation[..<body.count])
        self.nodes = nodes
        self.knownMembers = knownMembers
        self.strings = strings
    }

    deinit {
        allocation.deallocate()
    }

    /// A string's bytes, when its text is its bytes (a `.span` node).
    func span(at index: Int) -> UnsafeRawBufferPointer? {
        let node = nodes[index]
        guard node.kind == .span else { return nil }
        return UnsafeRawBufferPointer(rebasing: bytes[Int(node.first)..<Int(node.end)])
    }

    /// The position of the node after the one at `index` and its descendants.
    func next(after index: Int) -> Int {
        nodes[index].isContainer ? Int(nodes[index].end) : index + 1
    }

    /// The position of the value of `key` in the object at `object`, or nil when it has no such member.
    func member(_ key: AppleFieldKey, of object: Int) -> Int? {
        if let slot = key.slot { return member(slot: slot, of: object) }
        guard nodes[object].kind == .object else { return nil }
        let end = Int(nodes[object].end)
        var index = object + 1
        while index < end {
            let memberKey = nodes[index].key
            if memberKey < 0, memberKey != AppleJSONNode.noKey, strings[Int(-memberKey - 1)] == key.name { return index }
            index = next(after: index)
        }
        return nil
    }

    /// The position of the value of the known key at `slot` in the object at `object`, or nil.
    func member(slot: Int, of object: Int) -> Int? {
        guard nodes[object].kind == .object else { return nil }
        let position = knownMembers[Int(nodes[object].first) + slot]
        return position < 0 ? nil : Int(position)
    }

    /// The text of the object at `index`, as it is in the body.
    func objectText(at index: Int) -> UnsafeRawBufferPointer {
        let range = nodes[index].number
        return UnsafeRawBufferPointer(rebasing: bytes[Int(range >> 32)..<Int(range & 0xFFFF_FFFF)])
    }

    /// The positions of the members or elements of the container at `container`.
    func children(of container: Int) -> [Int] {
        var children: [Int] = []
        var index = container + 1
        while index < Int(nodes[container].end) {
            children.append(index)
            index = next(after: index)
        }
        return children
    }

    /// The name of a member's key.
    func keyName(of index: Int) -> String {
        let key = nodes[index].key
        return key >= 0 ? AppleFieldKeys.all[Int(key)] : strings[Int(-key - 1)]
    }

    /// The value as `JSONValue.text` reads it: strings as they are, integers and flags as text, nil for
    /// `null`, objects and arrays.
    func text(at index: Int) -> String? {
        let node = nodes[index]
        switch node.kind {
        case .span: return span(at: index).map { String(decoding: $0, as: UTF8.self) }
        case .text: return strings[Int(node.first)]
        case .integer: return String(node.number)
        case .true: return "true"
        case .false: return "false"
        case .null, .object, .array: return nil
        }
    }

    /// The value at `index`, built in full.
    func value(at index: Int) -> JSONValue {
        let node = nodes[index]
        switch node.kind {
        case .span, .text: return .string(text(at: index) ?? "")
        case .integer: return .integer(node.number)
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .null: return .null
        case .object: return .object(members(of: index))
        case .array: return .array(children(of: index).map(value(at:)))
        }
    }

    /// The members of the object at `index`, built in full.
    func members(of index: Int) -> [String: JSONValue] {
        let children = children(of: index)
        var members = [String: JSONValue](minimumCapacity: children.count)
        for child in children { members[keyName(of: child)] = value(at: child) }
        return members
    }
}
