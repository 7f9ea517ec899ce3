extension PlainJSONTape {
    /// Reads a text into nodes, depth first.
    struct Builder {
        let bytes: UnsafeRawBufferPointer
        var nodes: [Node] = []
        var members: [Int] = []
        /// The key nodes of the objects being read, innermost last.
        private var openKeys: [Int] = []

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
            nodes.reserveCapacity(64)
            members.reserveCapacity(32)
            openKeys.reserveCapacity(32)
        }

        mutating func read(_ reader: inout PlainJSONReader, depth: Int) throws(PlainJSONDeclined) {
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

        private mutating func readObject(_ reader: inout PlainJSONReader, depth: Int) throws(PlainJSONDeclined) {
            try reader.beginObject()
            let at = nodes.count
            nodes.append(.null)
            let firstKey = openKeys.count
            var first = true
            while let key = try reader.nextKey(first: &first) {
                let offset = key.baseAddress.map { $0 - bytes.baseAddress! } ?? 0
                openKeys.append(nodes.count)
                nodes.append(.key(offset: offset, count: key.count))
                try read(&reader, depth: depth + 1)
            }
            let keys = openKeys[firstKey...]
            let sorted = zip(keys, keys.dropFirst()).allSatisfy { PlainJSONTape.compare(keyBytes($0), keyBytes($1)) < 0 }
            if !sorted {
                for (position, key) in keys.enumerated() {
                    for later in keys.dropFirst(position + 1) where PlainJSONTape.compare(keyBytes(key), keyBytes(later)) == 0 {
                        throw PlainJSONDeclined()
                    }
                }
            }
            nodes[at] = .object(memberCount: keys.count, end: nodes.count, firstMember: members.count, sorted: sorted)
            members.append(contentsOf: keys)
            openKeys.removeSubrange(firstKey...)
        }

        private func keyBytes(_ index: Int) -> UnsafeRawBufferPointer {
            guard case .key(let offset, let count) = nodes[index] else { return UnsafeRawBufferPointer(start: nil, count: 0) }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
        }
    }
}
