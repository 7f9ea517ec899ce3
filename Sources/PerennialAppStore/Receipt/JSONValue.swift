/// Any JSON value, kept exactly as received so that fields Perennial does not know (yet) survive decoding
/// and re-encoding.
public enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Strings first: almost every field Apple sends is one, and each failed attempt throws (costly).
        // JSON's types are disjoint for the decoder (a string never decodes as a number or a flag), so the
        // order changes nothing but the cost; integers still come before doubles.
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value as text, whatever JSON type Apple used for it ("1", 1 and true all read as text).
    public var text: String? {
        switch self {
        case .string(let value): value
        case .integer(let value): String(value)
        case .double(let value): value == value.rounded() && abs(value) < 1e18 ? String(Int64(value)) : String(value)
        case .bool(let value): value ? "true" : "false"
        case .null, .array, .object: nil
        }
    }
}
