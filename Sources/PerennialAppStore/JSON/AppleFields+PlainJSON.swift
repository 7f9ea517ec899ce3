import Foundation
import PerennialCore

// Fast path for the benchmark `receipt-fold` (BENCHMARKS.md).
extension AppleFields {
    /// Decodes a JSON object's fields: plain JSON (what Apple sends) through `AppleJSONTapeBuilder`, anything
    /// else through `JSONDecoder`, whose errors are the ones thrown. The result is the same either way.
    public static func decode(from body: Data) throws -> AppleFields {
        if let plain = body.withUnsafeBytes(plainDecoded(from:)) { return plain }
        return try JSONDecoder().decode(AppleFields.self, from: body)
    }

    /// The object read by `AppleJSONTapeBuilder` (which keeps a copy of `bytes`), or nil when it declines or
    /// the JSON is not an object.
    static func plainDecoded(from bytes: UnsafeRawBufferPointer) -> AppleFields? {
        AppleJSONTapeBuilder.tape(of: bytes).map { AppleFields(tape: $0, object: 0) }
    }
}
