import Foundation
import PerennialCore

/// Reads a paywall document from JSON, naming the field at fault when it cannot (`paywalls[0].strings:
/// expected an object`), and writes one as stored: JSON with sorted keys.
public enum PaywallDocumentCodec {
    /// The largest document accepted, in bytes.
    public static let maximumBytes = 1 << 20

    public static func decode(_ data: Data) throws -> PaywallDocument {
        guard data.count <= maximumBytes else {
            throw PerennialError(.invalidPaywallDocument, "the document is larger than 1 MiB")
        }
        do {
            return try JSONDecoder().decode(PaywallDocument.self, from: data)
        } catch let error as DecodingError {
            throw PerennialError(.invalidPaywallDocument, describe(error))
        }
    }

    public static func encode(_ document: PaywallDocument) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }

    /// A decoding error in words, led by the path of the field at fault.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): required"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(name(of: type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(name(of: type)), found null"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "the body is not a JSON object" }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "the document is not valid"
        }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? "the document" : text
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "a list"
        default: type == [String: String].self || String(describing: type).hasPrefix("Dictionary") ? "an object" : "an object"
        }
    }
}
