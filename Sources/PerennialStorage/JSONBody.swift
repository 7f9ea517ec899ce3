import Foundation

/// The JSON stored in `body` columns: keys sorted, so equal values always give equal text and a stored
/// snapshot can be compared with a new one in SQL.
enum JSONBody {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(text.utf8))
        } catch {
            throw StorageError(.corruptRecord, "a stored \(Value.self) could not be decoded")
        }
    }
}
