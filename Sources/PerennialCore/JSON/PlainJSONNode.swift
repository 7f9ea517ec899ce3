import Foundation

/// One value as `PlainJSONEncoder` builds it before writing: scalars held as they are, objects and arrays
/// in reference boxes that their containers fill.
enum PlainJSONNode {
    /// A number, `true`, `false` or `null`, written as it is.
    case literal(String)
    case string(String)
    case object(Members)
    case array(Elements)

    /// An object's members, by key.
    final class Members {
        var values: [String: PlainJSONNode] = [:]
    }

    /// An array's elements, in order.
    final class Elements {
        var values: [PlainJSONNode] = []
    }

    /// The node of `value`: scalars directly, anything else through its `encode(to:)`. Throws
    /// `PlainJSONDeclined` for the types `JSONEncoder` treats by strategies or formats in its own way. A
    /// nested value that encodes nothing is `{}`, as `JSONEncoder` writes it; at the top level `JSONEncoder`
    /// refuses it, so this declines.
    static func of<Value: Encodable>(_ value: Value, topLevel: Bool = false) throws -> PlainJSONNode {
        switch value {
        case let text as String: return .string(text)
        case let number as Int64: return .literal(String(number))
        case let number as Int: return .literal(String(number))
        case let flag as Bool: return .literal(flag ? "true" : "false")
        // Every other integer type (each encodes itself through a single-value container, which comes back here).
        case let number as any BinaryInteger: return .literal(String(describing: number))
        case is any BinaryFloatingPoint, is Date, is Data, is URL, is Decimal: throw PlainJSONDeclined()
        default:
            let encoder = PlainJSONEncoding(encoding: Value.self)
            try value.encode(to: encoder)
            if encoder.declined { throw PlainJSONDeclined() }
            if let node = encoder.node { return node }
            if topLevel { throw PlainJSONDeclined() }
            return .object(Members())
        }
    }

    /// Writes the node: an object's keys sorted by their UTF-8 bytes.
    func write(to output: inout JSONByteWriter) {
        switch self {
        case .literal(let text): output.literal(text)
        case .string(let text): output.string(text)
        case .object(let members): output.object(members.values) { $0.write(to: &$1) }
        case .array(let elements): output.array(elements.values) { $0.write(to: &$1) }
        }
    }
}
