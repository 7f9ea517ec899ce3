/// A JSON text read once by `PlainJSONReader` into a flat list of nodes, for `PlainJSONDecoder`: each object
/// and array records where its subtree ends, so a container skips a member in one step; keys stay bytes of
/// the text (they are compared, never built as strings). Objects with a repeated key decline, as every
/// shape the reader is unsure of does.
final class PlainJSONTape {
    enum Node {
        /// Followed by `memberCount` pairs of a `.key` and its value; `end` is the index after the last.
        case object(memberCount: Int, end: Int)
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
    private(set) var nodes: [Node] = []
    /// The keys of the objects being read, innermost last (a stack reused for the duplicate check).
    private var openKeys: [(offset: Int, count: Int)] = []

    /// Reads the whole of `bytes` (one value, whitespace around it) or declines.
    init(_ bytes: UnsafeRawBufferPointer) throws(PlainJSONDeclined) {
        self.bytes = bytes
        nodes.reserveCapacity(64)
        var reader = PlainJSONReader(bytes)
        try read(&reader, depth: 0)
        try reader.finish()
    }

    /// The index after the value at `index` (and its subtree).
    func end(of index: Int) -> Int {
        switch nodes[index] {
        case .object(_, let end), .array(_, let end): end
        default: index + 1
        }
    }

    /// Whether the key at `index` is `name`, byte for byte.
    func key(at index: Int, is name: String) -> Bool {
        guard case .key(let offset, let count) = nodes[index] else { return false }
        var name = name
        return name.withUTF8 { utf8 in
            utf8.count == count
                && (count == 0 || PlainJSONReader.sameBytes(bytes.baseAddress! + offset, utf8.baseAddress!, count: count))
        }
    }

    /// The key at `index` as text.
    func keyText(at index: Int) -> String? {
        guard case .key(let offset, let count) = nodes[index] else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
    }

    private func read(_ reader: inout PlainJSONReader, depth: Int) throws(PlainJSONDeclined) {
        guard depth < PlainJSONReader.maximumDepth else { throw PlainJSONDeclined() }
        switch try reader.peek() {
        case UInt8(ascii: "{"): try readObject(&reader, depth: depth)
        case UInt8(ascii: "["):
            try reader.beginArray()
            let at = nodes.count
            nodes.append(.null)
            var count = 0
            var first = true
            while try reader.nextElement(first: &first) {
                try read(&reader, depth: depth + 1)
                count += 1
            }
            nodes[at] = .array(count: count, end: nodes.count)
        case UInt8(ascii: "\""): nodes.append(.string(try reader.string()))
        case UInt8(ascii: "t"), UInt8(ascii: "f"): nodes.append(.bool(try reader.bool()))
        case UInt8(ascii: "n"):
            _ = try reader.consumeNull()
            nodes.append(.null)
        default: nodes.append(.integer(try reader.integer()))
        }
    }

    private func readObject(_ reader: inout PlainJSONReader, depth: Int) throws(PlainJSONDeclined) {
        try reader.beginObject()
        let at = nodes.count
        nodes.append(.null)
        let firstKey = openKeys.count
        defer { openKeys.removeSubrange(firstKey...) }
        var first = true
        while let key = try reader.nextKey(first: &first) {
            let offset = key.baseAddress.map { $0 - bytes.baseAddress! } ?? 0
            for earlier in openKeys[firstKey...] where earlier.count == key.count {
                if key.count == 0 || PlainJSONReader.sameBytes(bytes.baseAddress! + earlier.offset, key.baseAddress!, count: key.count) {
                    throw PlainJSONDeclined()
                }
            }
            openKeys.append((offset, key.count))
            nodes.append(.key(offset: offset, count: key.count))
            try read(&reader, depth: depth + 1)
        }
        nodes[at] = .object(memberCount: openKeys.count - firstKey, end: nodes.count)
    }
}
