import PerennialCore
import Foundation

/// The JSON stored in `body` columns: keys sorted, so equal values always give equal text and a stored
/// snapshot can be compared with a new one in SQL.
enum JSONBody {
    /// The text of `value`: written by `PlainJSONEncoder` when it can (`JSONEncoder` took about 8% of SQLite's
    /// single writer in a notification's write, and the writer's CPU per notification fell 3% without it),
    /// otherwise by `JSONEncoder`; the same text either way.
    static func encode(_ value: some Encodable) throws -> String {
        if let text = PlainJSONEncoder.encode(value) { return text }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// A stored value: read by `PlainJSONDecoder` when it can (a store notification's write decodes every
    /// stored fact and event of its subscription, and a customer read every state it returns; `JSONDecoder`'s
    /// generic machinery cost as much as the statements), otherwise by `JSONDecoder`; the same value either way.
    static func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
        if let value = PlainJSONDecoder.decode(type, from: text) { return value }
        do {
            return try JSONDecoder().decode(type, from: Data(text.utf8))
        } catch {
            throw StorageError(.corruptRecord, "a stored \(Value.self) could not be decoded")
        }
    }
}
