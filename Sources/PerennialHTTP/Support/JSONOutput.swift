import NIOCore
import PerennialCore

/// JSON written straight into a buffer, byte for byte as `PerennialRequestContext.responseEncoder` writes it:
/// no whitespace, `/` left as it is, and strings escaped as Foundation's `JSONEncoder` escapes them (`"`,
/// `\`, and the control characters: `\b`, `\f`, `\n`, `\r`, `\t`, others as `\u00xx`). Keys are written by
/// the caller, which writes them in the encoder's order (sorted by their UTF-8 bytes).
///
/// For the responses read all day (`CustomerResponse`), where `JSONEncoder`'s boxing of every value cost
/// more than the database read; their tests compare both outputs.
/// Fast path for the benchmark `entitlements-http` (BENCHMARKS.md), with `CustomerResponse+JSON`,
/// `EntitlementResponse+JSON` and `SubscriptionResponse.write(to:)`; every other response goes through Codable.
struct JSONOutput {
    /// What has been written.
    private(set) var buffer: ByteBuffer

    /// An empty output with room for `capacity` bytes.
    init(capacity: Int) {
        buffer = ByteBufferAllocator().buffer(capacity: capacity)
    }

    /// Writes JSON punctuation and keys as they are: `{"key":`, `,"key":`, `]`.
    mutating func raw(_ text: StaticString) {
        buffer.writeStaticString(text)
    }

    /// Writes bytes already written as JSON (a part of an answer kept from before).
    mutating func raw(_ written: ByteBufferView) {
        buffer.writeBytes(written)
    }

    /// Writes a string value, quoted and escaped.
    mutating func string(_ value: String) {
        buffer.writeInteger(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard JSONStringEscapes.needsEscape(byte) else { continue }
                buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<index]))
                writeEscaped(byte)
                start = index + 1
            }
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[start..<bytes.count]))
        }
        buffer.writeInteger(UInt8(ascii: "\""))
    }

    /// Writes a string value, or `null`.
    mutating func string(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }

    /// Writes `[`, each element by `write` with commas between them, and `]`.
    mutating func array<Element>(_ elements: [Element], _ write: (Element, inout JSONOutput) -> Void) {
        raw("[")
        for (index, element) in elements.enumerated() {
            if index > 0 { raw(",") }
            write(element, &self)
        }
        raw("]")
    }

    /// Writes `true` or `false`.
    mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// Writes an integer in decimal.
    mutating func int(_ value: Int) {
        buffer.writeString(String(value))
    }

    private mutating func writeEscaped(_ byte: UInt8) {
        buffer.writeBytes(JSONStringEscapes.escape(byte))
    }
}
