import Foundation

/// A model's known keys, matched against the raw key bytes `PlainJSONReader.nextKey` returns, with a bit
/// per key so that a repeated key can be noticed (and declined: Foundation keeps the first occurrence).
///
/// The matching runs in non-generic code and the lookup is `@inlinable`, so that callers in other modules
/// get it specialized: left generic, each lookup paid for runtime metadata of the field type and cost more
/// than the signature check of the JWS it was reading.
package struct PlainJSONKeyTable<Field: RawRepresentable & CaseIterable & Sendable>: Sendable where Field.RawValue == String {
    @usableFromInline let keys: PlainJSONKeyList
    @usableFromInline let fields: [Field]

    package init() {
        fields = Array(Field.allCases)
        keys = PlainJSONKeyList(fields.map(\.rawValue))
        precondition(fields.count <= 64, "a key table tracks at most 64 keys")
    }

    /// The field named by `key`, or nil for a key the model does not know; declines when `seen` already
    /// has it, and adds it otherwise.
    @inlinable
    package func field(for key: UnsafeRawBufferPointer, seen: inout UInt64) throws(PlainJSONDeclined) -> Field? {
        guard let index = keys.index(of: key) else { return nil }
        let bit: UInt64 = 1 << UInt64(index)
        guard seen & bit == 0 else { throw PlainJSONDeclined() }
        seen |= bit
        return fields[index]
    }
}
