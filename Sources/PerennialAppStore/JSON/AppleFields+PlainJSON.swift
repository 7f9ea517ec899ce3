import Foundation
import PerennialCore

extension AppleFields {
    /// Decodes a JSON object's fields: plain JSON (what Apple sends) through `PlainJSONReader`, anything else
    /// through `JSONDecoder`, whose errors are the ones thrown. The result is the same either way.
    public static func decode(from body: Data) throws -> AppleFields {
        if let plain = body.withUnsafeBytes(plainDecoded(from:)) { return plain }
        return try JSONDecoder().decode(AppleFields.self, from: body)
    }

    /// The object read by `PlainJSONReader`, or nil when it declines or the JSON is not an object.
    static func plainDecoded(from bytes: UnsafeRawBufferPointer) -> AppleFields? {
        var reader = PlainJSONReader(bytes)
        do {
            guard try reader.peek() == UInt8(ascii: "{"), case .object(let object) = try reader.value() else {
                return nil
            }
            try reader.finish()
            return AppleFields(object)
        } catch {
            return nil
        }
    }
}
