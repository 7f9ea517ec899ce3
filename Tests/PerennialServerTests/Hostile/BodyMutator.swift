import PerennialCore
import Foundation
import PerennialTesting

/// Seeded mutations of a request body: byte flips, truncations, inserted JSON tokens, and for a JSON object,
/// a removed key, a duplicated key or a value of another type.
struct BodyMutator {
    var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(state: seed)
    }

    static let tokens = ["{", "}", "[", "]", ",", ":", "\"", "\\", "null", "-", "1e999", "\u{0}", "\\ud800", "é"]

    static var values: [Any] {
        [NSNull(), true, 0, -1, Int64.max, 1e300, "", "x", [] as [Any], ["a": 1] as [String: Any], String(repeating: "A", count: 2_000)]
    }

    mutating func mutate(_ body: Data) -> Data {
        var bytes = [UInt8](body)
        switch Int.random(in: 0..<6, using: &generator) {
        case 0 where !bytes.isEmpty:
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
            }
        case 1 where !bytes.isEmpty:
            bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &generator)...)
        case 2:
            bytes.insert(contentsOf: Array(Self.tokens.randomElement(using: &generator)!.utf8), at: Int.random(in: 0...bytes.count, using: &generator))
        default:
            guard var object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
                  let key = object.keys.sorted().randomElement(using: &generator) else { return Data(bytes.reversed()) }
            let value = Self.values.randomElement(using: &generator)!
            if Bool.random(using: &generator) {
                object[key] = Bool.random(using: &generator) ? nil : value
                return (try? JSONSerialization.data(withJSONObject: object)) ?? body
            }
            let text = String(decoding: body, as: UTF8.self)
            guard let range = text.range(of: "\"\(key)\""),
                  let encoded = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]) else { return body }
            return Data(text.replacingCharacters(in: range, with: "\"\(key)\": \(String(decoding: encoded, as: UTF8.self)), \"\(key)\"").utf8)
        }
        return Data(bytes)
    }
}
