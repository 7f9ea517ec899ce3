import PerennialCore

/// Reads a JSON object into an `AppleJSONTape` in one pass: strings stay in the body as byte ranges and
/// known keys become slots, so reading a 50-entry verifyReceipt body allocates a few arrays, not thousands
/// of strings and dictionaries. It reads exactly what `PlainJSONReader` reads and declines the rest
/// (duplicate keys included), so the caller falls back to `JSONDecoder` as it does for every plain-JSON path.
struct AppleJSONTapeBuilder {
    private let bytes: UnsafeRawBufferPointer
    private var reader: PlainJSONReader
    private var nodes: [AppleJSONNode] = []
    private var strings: [String] = []
    private var knownMembers: [Int32] = []
    private let maximumDepth = PlainJSONReader.maximumDepth
    private let keyList = AppleFieldKeys.list
    private let keyBytes = AppleFieldKeys.packedUTF8
    /// For each slot, the slot of the key that followed it last, and (at the end) of the key that began the
    /// last object: Apple repeats one key order in every entry, so the guess is nearly always right, and a
    /// right guess costs one comparison.
    private var followingSlot: [Int]

    /// The tape of `bytes` (which it copies), or nil when they are not a JSON object `PlainJSONReader` reads.
    static func tape(of bytes: UnsafeRawBufferPointer) -> AppleJSONTape? {
        guard bytes.count < Int(Int32.max) else { return nil }
        var builder = AppleJSONTapeBuilder(bytes: bytes)
        do {
            guard try builder.reader.peek() == UInt8(ascii: "{") else { return nil }
            try builder.value(key: AppleJSONNode.noKey, depth: 0)
            try builder.reader.finish()
        } catch {
            return nil
        }
        return AppleJSONTape(copying: bytes, nodes: builder.nodes, knownMembers: builder.knownMembers, strings: builder.strings)
    }

    private init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        reader = PlainJSONReader(bytes)
        followingSlot = Array(repeating: -1, count: AppleFieldKeys.all.count + 1)
        // About one value per 48 bytes, one object per 900, in Apple's bodies.
        nodes.reserveCapacity(bytes.count / 48 + 4)
        knownMembers.reserveCapacity((bytes.count / 900 + 2) * AppleFieldKeys.all.count)
    }

    private mutating func value(key: Int32, depth: Int) throws(PlainJSONDeclined) {
        guard depth < maximumDepth else { throw PlainJSONDeclined() }
        switch try reader.peek() {
        case UInt8(ascii: "\""):
            switch try reader.stringOrSpan() {
            case .span(let range):
                nodes.append(AppleJSONNode(kind: .span, key: key, first: Int32(range.lowerBound), end: Int32(range.upperBound)))
            case .text(let text):
                strings.append(text)
                nodes.append(AppleJSONNode(kind: .text, key: key, first: Int32(strings.count - 1)))
            }
        case UInt8(ascii: "{"):
            try object(key: key, depth: depth)
        case UInt8(ascii: "["):
            try array(key: key, depth: depth)
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            nodes.append(AppleJSONNode(kind: try reader.bool() ? .true : .false, key: key))
        case UInt8(ascii: "n"):
            _ = try reader.consumeNull()
            nodes.append(AppleJSONNode(kind: .null, key: key))
        default:
            nodes.append(AppleJSONNode(kind: .integer, key: key, number: try reader.integer()))
        }
    }

    private mutating func object(key: Int32, depth: Int) throws(PlainJSONDeclined) {
        let index = nodes.count
        let row = knownMembers.count
        nodes.append(AppleJSONNode(kind: .object, key: key, first: Int32(row)))
        knownMembers.append(contentsOf: repeatElement(-1, count: keyBytes.count))
        try reader.beginObject()
        let start = Int64(reader.position - 1)
        var first = true, previousSlot = keyBytes.count
        while true {
            let guess = followingSlot[previousSlot]
            let expected = guess >= 0 ? keyBytes[guess] : UnsafeRawBufferPointer(start: nil, count: 0)
            guard let (member, isExpected) = try reader.nextMemberKey(first: &first, expected: expected) else { break }
            let slot = isExpected ? guess : self.slot(of: member, after: previousSlot)
            previousSlot = slot ?? keyBytes.count
            let memberKey: Int32
            if let slot {
                guard knownMembers[row + slot] < 0 else { throw PlainJSONDeclined() }
                knownMembers[row + slot] = Int32(nodes.count)
                memberKey = Int32(slot)
            } else {
                memberKey = try unknownKey(member, object: index)
            }
            try value(key: memberKey, depth: depth + 1)
        }
        nodes[index].end = Int32(nodes.count)
        nodes[index].number = start << 32 | Int64(reader.position)
    }

    private mutating func array(key: Int32, depth: Int) throws(PlainJSONDeclined) {
        let index = nodes.count
        nodes.append(AppleJSONNode(kind: .array, key: key))
        try reader.beginArray()
        var first = true
        while try reader.nextElement(first: &first) {
            try value(key: AppleJSONNode.noKey, depth: depth + 1)
        }
        nodes[index].end = Int32(nodes.count)
    }

    /// The slot of a member's key that was not the expected one, looked up in the list; a known key becomes
    /// the expected one after `previous` (the key before it, or the end of `followingSlot` for an object's
    /// first key) next time.
    private mutating func slot(of member: PlainJSONString, after previous: Int) -> Int? {
        let slot: Int?
        switch member {
        case .span(let range):
            let text = UnsafeRawBufferPointer(rebasing: bytes[range])
            slot = keyList.index(of: text)
        case .text(let text):
            slot = AppleFieldKeys.slot(of: text)
        }
        if let slot { followingSlot[previous] = slot }
        return slot
    }

    /// The encoded key of a member whose key is not a known one; declines a key the object already has.
    private mutating func unknownKey(_ member: PlainJSONString, object: Int) throws(PlainJSONDeclined) -> Int32 {
        let text = switch member {
        case .span(let range): String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        case .text(let text): text
        }
        var at = object + 1
        while at < nodes.count {
            let key = nodes[at].key
            if key < 0, key != AppleJSONNode.noKey, strings[Int(-key - 1)] == text { throw PlainJSONDeclined() }
            at = nodes[at].isContainer ? Int(nodes[at].end) : at + 1
        }
        strings.append(text)
        return -Int32(strings.count)
    }
}
