import Foundation
import Hummingbird

/// JSON in and out for the control API: snake_case bodies, `{"error": {"code", "message"}}` on failure.
enum ControlHTTP {
    static let maximumBodySize = 1 << 20

    /// The request body; an empty body reads as `{}`.
    static func body(of request: Request) async throws -> Data {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumBodySize)
        } catch {
            throw SimulatorError(code: "body_too_large", message: "bodies are limited to 1 MiB", httpStatus: 413)
        }
        let data = Data(buffer.readableBytesView)
        return data.isEmpty ? Data("{}".utf8) : data
    }

    static func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        let data = try await body(of: request)
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw SimulatorError.invalidRequest(describe(error))
        } catch let error as SimulatorError {
            throw error
        } catch {
            throw SimulatorError.invalidRequest("the body is not valid JSON")
        }
    }

    /// `value` as JSON; `contentType` is the control API's unless a caller must match another server's header.
    static func json<T: Encodable>(
        _ value: T, status: HTTPResponse.Status = .ok, contentType: String = "application/json; charset=utf-8"
    ) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else {
            return error(SimulatorError(code: "internal_error", message: "could not encode the answer", httpStatus: 500))
        }
        return Response(
            status: status, headers: [.contentType: contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func error(_ error: SimulatorError) -> Response {
        let envelope = ["error": ["code": error.code, "message": error.message]]
        let status = HTTPResponse.Status(code: (400...599).contains(error.httpStatus) ? error.httpStatus : 400)
        return json(envelope, status: status)
    }

    /// A path parameter, percent-decoded.
    static func parameter<Context: RequestContext>(_ name: String, _ context: Context) throws -> String {
        guard let raw = context.parameters.get(name), let value = raw.removingPercentEncoding, !value.isEmpty else {
            throw SimulatorError.invalidRequest("missing path parameter \(name)")
        }
        return value
    }

    /// A query parameter, percent-decoded; nil when absent or empty.
    static func query(_ name: String, _ request: Request) -> String? {
        guard let value = request.uri.queryParameters[name[...]], !value.isEmpty else { return nil }
        return String(value)
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map(\.stringValue).joined(separator: ".")
            return keys.isEmpty ? "the body" : keys
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "missing field \(parent.isEmpty ? "" : parent + ".")\(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type for \(path(context))"
        case .dataCorrupted(let context):
            return "invalid \(path(context)): \(context.debugDescription)"
        @unknown default:
            return "the body does not match the expected shape"
        }
    }
}
