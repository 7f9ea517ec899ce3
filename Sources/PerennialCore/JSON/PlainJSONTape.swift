import Foundation

/// A JSON text read once by `PlainJSONReader` into a flat list of nodes, for `PlainJSONDecoder`: each object
/// and array records where its subtree ends; keys stay bytes of the text (compared, never built as strings).
/// Each object lists its members' key nodes in `members`, and when its keys are in ascending byte order (as
/// `JSONBody.encode` writes them, sorted) a key is found by binary search. Objects with a repeated key
/// decline, as every shape the reader is unsure of does.
final class PlainJSONTape {
    enum Node {
        /// Followed by its members, pairs of a `.key` and its value; `end` is the index after the last. The
        /// members' key nodes are `members[firstMember..<firstMember + memberCount]`, in ascending byte order
        /// when `sorted`.
        case object(memberCount: Int, end: Int, firstMember: Int, sorted: Bool)
        /// Followed by `count` values; `end` is the index after the last.
        case array(count: Int, end: Int)
        /// A member's key: `count` bytes of the text from `offset`.
        case key(offset: Int, count: Int)
        case string(String)
        case integer(Int64)
        case bool(Bool)
        case null
    }

    /// The text; the tape must not outlive it.
    let bytes: UnsafeRawBufferPointer
    let nodes: [Node]
    /// The key nodes of every object, each object's together (see `Node.object`).
    let members: [Int]

    /// Reads the whole of `bytes` (one value, whitespace around it) or declines.
    init(_ bytes: UnsafeRawBufferPointer) throws(PlainJSONDeclined) {
        self.bytes = bytes
        var builder = Builder(bytes: bytes)
        var reader = PlainJSONReader(bytes)
        try builder.read(&reader, depth: 0)
        try reader.finish()
        nodes = builder.nodes
        members = builder.members
    }

    /// The index after the value at `index` (and its subtree).
    func end(of index: Int) -> Int {
        switch nodes[index] {
        case .object(_, let end, _, _), .array(_, let end): end
        default: index + 1
        }
    }

    /// The value of the member of the object at `object` whose key is `name`, byte for byte.
    func value(of object: Int, forKey name: String) -> Int? {
        guard case .object(let count, _, let first, let sorted) = nodes[object], count > 0 else { return nil }
        var name = name
        return name.withUTF8 { utf8 -> Int? in
            let key = UnsafeRawBufferPointer(utf8)
            if sorted {
                var low = first, high = first + count
                while low < high {
                    let middle = (low + high) / 2
                    let order = compare(members[middle], key)
                    if order == 0 { return members[middle] + 1 }
                    if order < 0 { low = middle + 1 } else { high = middle }
                }
                return nil
            }
            for member in members[first..<first + count] where compare(member, key) == 0 { return member + 1 }
            return nil
        }
    }

    /// The key at `index` as text.
    func keyText(at index: Int) -> String? {
        guard case .key(let offset, let count) = nodes[index] else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
    }

    /// The key at `index` compared with `name` by bytes: negative when it comes first, zero when equal.
    private func compare(_ index: Int, _ name: UnsafeRawBufferPointer) -> Int {
        guard case .key(let offset, let count) = nodes[index] else { return -1 }
        return Self.compare(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]), name)
    }

    /// Byte order of two keys: negative, zero or positive.
    static func compare(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
        let common = min(lhs.count, rhs.count)
        if common > 0 {
            let order = memcmp(lhs.baseAddress!, rhs.baseAddress!, common)
            if order != 0 { return Int(order) }
        }
        return lhs.count - rhs.count
    }
}
