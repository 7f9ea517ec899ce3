/// A model with a fast path through `PlainJSONReader`: an empty value, its keys, and how each is read.
/// `plainDecoded(from:)` must give exactly what `Decodable.init(from:)` gives through `JSONDecoder`, or nil.
package protocol PlainJSONDecodable {
    /// The keys the model reads, named as sent.
    associatedtype PlainField: RawRepresentable & CaseIterable & Sendable where PlainField.RawValue == String

    /// A value with every field nil.
    init()

    /// `PlainJSONKeyTable<PlainField>()`, built once.
    static var plainKeys: PlainJSONKeyTable<PlainField> { get }

    /// Reads the value of `field` (the reader is just past its key).
    mutating func read(_ field: PlainField, from reader: inout PlainJSONReader) throws(PlainJSONDeclined)

    /// Whether a key the model does not read is skipped (true by default) or makes the reader decline.
    static var skipsUnknownKeys: Bool { get }
}

extension PlainJSONDecodable {
    package static var skipsUnknownKeys: Bool { true }

    /// The model read from a JSON object, unknown keys skipped (or declined); nil when the reader declines (decode with
    /// `JSONDecoder` then). Inlinable, so that each model's reading is specialized in its own module.
    @inlinable
    package static func plainDecoded(from bytes: UnsafeRawBufferPointer) -> Self? {
        var reader = PlainJSONReader(bytes)
        var model = Self()
        var seen: UInt64 = 0
        do {
            try reader.beginObject()
            var first = true
            while let key = try reader.nextKey(first: &first) {
                guard let field = try plainKeys.field(for: key, seen: &seen) else {
                    guard skipsUnknownKeys else { throw PlainJSONDeclined() }
                    try reader.skipValue()
                    continue
                }
                try model.read(field, from: &reader)
            }
            try reader.finish()
            return model
        } catch {
            return nil
        }
    }
}
