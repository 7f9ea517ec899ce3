import Foundation

/// A JSON value that keeps its type exactly (a boolean is never a number, an integer never a string), for
/// checking answers against decoders that are strict about types.
indirect enum StrictJSON: Decodable, Equatable {
    case null, bool(Bool), int(Int64), double(Double), string(String), array([StrictJSON]), object([String: StrictJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Int64.self) { self = .int(value) }
        else if let value = try? container.decode(Double.self) { self = .double(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([StrictJSON].self) { self = .array(value) }
        else { self = .object(try container.decode([String: StrictJSON].self)) }
    }

    static func parse(_ data: Data) throws -> StrictJSON {
        try JSONDecoder().decode(StrictJSON.self, from: data)
    }

    subscript(key: String) -> StrictJSON? {
        if case .object(let members) = self { return members[key] } else { return nil }
    }

    var object: [String: StrictJSON]? { if case .object(let members) = self { members } else { nil } }
    var array: [StrictJSON]? { if case .array(let items) = self { items } else { nil } }
    var string: String? { if case .string(let text) = self { text } else { nil } }
    var bool: Bool? { if case .bool(let flag) = self { flag } else { nil } }
    var isNull: Bool { self == .null }
}
