import Foundation

/// Keys as UTF-8 bytes, found by their raw bytes: the non-generic half of `PlainJSONKeyTable`.
package struct PlainJSONKeyList: Sendable {
    private let keys: [[UInt8]]

    package init(_ keys: [String]) {
        self.keys = keys.map { Array($0.utf8) }
    }

    /// The position of the key spelled by `bytes`, or nil.
    package func index(of bytes: UnsafeRawBufferPointer) -> Int? {
        guard !bytes.isEmpty, let start = bytes.baseAddress else { return keys.firstIndex(where: \.isEmpty) }
        // Only keys as long as `bytes`, so not empty: their base address exists.
        for (index, key) in keys.enumerated() where key.count == bytes.count {
            if key.withUnsafeBytes({ memcmp($0.baseAddress!, start, bytes.count) == 0 }) { return index }
        }
        return nil
    }
}
