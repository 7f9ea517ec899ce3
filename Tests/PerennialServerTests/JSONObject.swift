import Foundation
import NIOCore

/// A parsed JSON document with forgiving subscripts, for reading API responses in tests.
struct JSONObject: @unchecked Sendable, CustomStringConvertible {
    // @unchecked: `value` holds only immutable Foundation JSON values (dictionaries, arrays, strings,
    // numbers, NSNull) produced by JSONSerialization, never mutated after parsing.
    let value: Any?

    init(_ value: Any?) { self.value = value }

    init(_ buffer: ByteBuffer) throws {
        let data = Data(buffer: buffer)
        value = data.isEmpty ? nil : try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    subscript(key: String) -> JSONObject { JSONObject((value as? [String: Any])?[key]) }
    subscript(index: Int) -> JSONObject {
        guard let array = value as? [Any], array.indices.contains(index) else { return JSONObject(nil) }
        return JSONObject(array[index])
    }

    var array: [JSONObject] { (value as? [Any])?.map(JSONObject.init) ?? [] }
    var string: String? { value as? String }
    var bool: Bool? { value as? Bool }
    var int: Int? { (value as? NSNumber)?.intValue }
    var isNull: Bool { value == nil || value is NSNull }

    /// The first element of an array whose `key` equals `expected`.
    func first(where key: String, is expected: String) -> JSONObject {
        array.first { $0[key].string == expected } ?? JSONObject(nil)
    }

    var description: String {
        guard let value, let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) else {
            return "nil"
        }
        return String(decoding: data, as: UTF8.self)
    }
}
