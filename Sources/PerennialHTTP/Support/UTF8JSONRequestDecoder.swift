import Foundation
import Hummingbird
import PerennialServices

/// Decodes request bodies as JSON, refusing bytes that are not UTF-8 anywhere in the body (RFC 8259 JSON is
/// UTF-8). Foundation's decoder checks only the strings it decodes, so invalid bytes in a key a route
/// ignores would otherwise pass. Every refusal — not UTF-8, not JSON, not the shape the route expects — is
/// 400 `invalid_json`, naming the field when one is at fault (never quoting the body).
public struct UTF8JSONRequestDecoder: RequestDecoder {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        let isUTF8 = buffer.withUnsafeReadableBytes { String(validating: $0, as: UTF8.self) != nil }
        guard isUTF8 else {
            throw ErrorEnvelope(.invalidJSON, message: "the request body is not UTF-8")
        }
        do {
            return try JSONDecoder().decode(T.self, from: buffer)
        } catch let error as DecodingError {
            // An `ErrorEnvelope` passes through Hummingbird's `Request.decode`, which would turn a
            // `DecodingError` into a bare 400 `bad_request`.
            throw ErrorEnvelope(.invalidJSON, message: Self.message(error))
        }
    }

    /// What is wrong with the body, by field, without its values.
    static func message(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            "the request body has no `\(path(context.codingPath + [key]))`"
        case .valueNotFound(_, let context):
            "the request body's `\(path(context.codingPath))` is null"
        case .typeMismatch(let type, let context) where !context.codingPath.isEmpty:
            "the request body's `\(path(context.codingPath))` is not \(typeName(type))"
        case .typeMismatch:
            "the request body is not a JSON object"
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            "the request body's `\(path(context.codingPath))` is not valid"
        default:
            "the request body is not valid JSON"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type, is UInt64.Type, is Double.Type: "a number"
        default: "of the expected type"
        }
    }
}
