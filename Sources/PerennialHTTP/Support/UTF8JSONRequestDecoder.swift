import Foundation
import Hummingbird

/// Decodes request bodies as JSON, refusing bytes that are not UTF-8 anywhere in the body (RFC 8259 JSON is
/// UTF-8). Foundation's decoder checks only the strings it decodes, so invalid bytes in a key a route
/// ignores would otherwise pass. The refusal is a `DecodingError`, answered 400 like any other bad body.
public struct UTF8JSONRequestDecoder: RequestDecoder {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        let isUTF8 = buffer.withUnsafeReadableBytes { String(validating: $0, as: UTF8.self) != nil }
        guard isUTF8 else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The body is not UTF-8."))
        }
        return try JSONDecoder().decode(T.self, from: buffer)
    }
}
