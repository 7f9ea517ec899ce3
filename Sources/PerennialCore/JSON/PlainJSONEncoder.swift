/// Encodes a value to JSON text byte for byte as Foundation's `JSONEncoder` does with `.sortedKeys` and
/// `.withoutEscapingSlashes`, without its boxing of every value: the stored bodies a ledger write encodes
/// (a subscription's state, its facts and events, metric contributions) took `JSONEncoder` about 8% of
/// SQLite's single writer's time (perf). Values it does not write the same way for sure (floating-point numbers, dates,
/// data, URLs, decimals, `superEncoder`) make it decline, and the caller uses `JSONEncoder`; tests compare
/// both outputs.
package enum PlainJSONEncoder {
    /// The JSON text of `value`, or nil when the fast path declines.
    package static func encode(_ value: some Encodable) -> String? {
        guard let node = try? PlainJSONNode.of(value, topLevel: true) else { return nil }
        var output = JSONByteWriter(capacity: 512)
        node.write(to: &output)
        return output.text
    }
}
