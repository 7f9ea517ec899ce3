import Foundation
import PerennialCore

// Fast path for the benchmark `receipt-fold` (BENCHMARKS.md).
extension VerifyReceiptResponse {
    /// Decodes a verifyReceipt body: plain JSON (what Apple sends) through `AppleJSONTapeBuilder`, anything
    /// else through `JSONDecoder`, whose errors are the ones thrown. The result is the same either way.
    public static func decode(from body: Data) throws -> VerifyReceiptResponse {
        if let plain = body.withUnsafeBytes(plainDecoded(from:)) { return plain }
        return try JSONDecoder().decode(Self.self, from: body)
    }

    /// The response read by `AppleJSONTapeBuilder`, or nil when the reader declines or the body has no numeric
    /// status.
    static func plainDecoded(from bytes: UnsafeRawBufferPointer) -> Self? {
        AppleFields.plainDecoded(from: bytes).flatMap { try? Self(fields: $0) }
    }
}
