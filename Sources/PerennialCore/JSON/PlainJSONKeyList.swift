import Foundation

/// Keys as UTF-8 bytes, found by their raw bytes (grouped by length, then compared with `memcmp`): the
/// non-generic half of `PlainJSONKeyTable`, and the matcher of `AppleFieldKeys`.
package struct PlainJSONKeyList: Sendable {
    /// For each length, the keys of that length and their positions in the list.
    private let byLength: [[(bytes: [UInt8], index: Int)]]

    package init(_ keys: [String]) {
        var byLength = [[(bytes: [UInt8], index: Int)]](repeating: [], count: (keys.map(\.utf8.count).max() ?? 0) + 1)
        for (index, key) in keys.enumerated() where !byLength[key.utf8.count].contains(where: { $0.bytes.elementsEqual(key.utf8) }) {
            byLength[key.utf8.count].append((Array(key.utf8), index))
        }
        self.byLength = byLength
    }

    /// The position of the key spelled by `bytes` (its first position, if listed twice), or nil.
    package func index(of bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count < byLength.count else { return nil }
        guard !bytes.isEmpty, let start = bytes.baseAddress else { return byLength[0].first?.index }
        // Keys in this bucket are as long as `bytes`, so not empty: their base address exists.
        for key in byLength[bytes.count] where key.bytes.withUnsafeBytes({ memcmp($0.baseAddress!, start, bytes.count) == 0 }) {
            return key.index
        }
        return nil
    }
}
