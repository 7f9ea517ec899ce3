import Foundation
import NIOCore

/// A parsed JSON document with forgiving subscripts, for reading API responses in tests.
struct JSONObject: @unchecked Sendable, CustomStringConvertible {
    // @unchecked: `value` holds only immutable Foundation JSON values (dictionaries, arrays, strings,
    // numbers, NSNull) produced by JSONSerialization, never mutated after parsing.
    let value: Any?

    init(_ value: Any?) { self.value = value }

    init(_ buffer: ByteBuffer) throws {
        let data = Self.escapingByteOrderMarks(Data(buffer: buffer))
        value = data.isEmpty ? nil : try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    /// The body with every U+FEFF written as the escape `\ufeff`: JSONSerialization drops a raw one that
    /// begins a string (an id such as "\u{FEFF}bom2" would read as "bom2"), but keeps the escaped one. A BOM
    /// can only be inside a string, where the escape means the same.
    private static func escapingByteOrderMarks(_ data: Data) -> Data {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        guard data.firstRange(of: mark) != nil else { return data }
        var escaped = Data()
        var index = data.startIndex
        while index < data.endIndex {
            if data[index...].starts(with: mark) {
                escaped.append(contentsOf: Array("\\ufeff".utf8))
                index += 3
            } else {
                escaped.append(data[index])
                index += 1
            }
        }
        return escaped
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
    var double: Double? { (value as? NSNumber)?.doubleValue }
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
