/// A model's known keys, matched against the raw key bytes `PlainJSONReader.nextKey` returns, with a bit
/// per key so that a repeated key can be noticed (and declined: Foundation keeps the first occurrence).
package struct PlainJSONKeyTable<Field: RawRepresentable & CaseIterable & Sendable>: Sendable where Field.RawValue == String {
    private let entries: [(bytes: [UInt8], field: Field)]

    package init() {
        entries = Field.allCases.map { (Array($0.rawValue.utf8), $0) }
        precondition(entries.count <= 64, "a key table tracks at most 64 keys")
    }

    /// The field named by `key`, or nil for a key the model does not know; declines when `seen` already
    /// has it, and adds it otherwise.
    package func field(for key: UnsafeRawBufferPointer, seen: inout UInt64) throws(PlainJSONDeclined) -> Field? {
        for (index, entry) in entries.enumerated() where entry.bytes.count == key.count {
            guard entry.bytes.elementsEqual(key) else { continue }
            let bit: UInt64 = 1 << UInt64(index)
            guard seen & bit == 0 else { throw PlainJSONDeclined() }
            seen |= bit
            return entry.field
        }
        return nil
    }
}
