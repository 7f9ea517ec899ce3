import Hummingbird
import PerennialServices

/// Applies the configured body limit (`server.max_body_bytes`): a request whose `Content-Length` says it is
/// larger is refused before its body is read, and routes decode at most that many bytes (a chunked body
/// that grows past it is refused too). Both answers are 413 `payload_too_large` in the error envelope.
public struct BodyLimitMiddleware: RouterMiddleware {
    public typealias Context = PerennialRequestContext

    let maxBodyBytes: Int

    public init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBodyBytes {
            throw ErrorEnvelope(
                .payloadTooLarge, message: "the request body is larger than this server accepts (\(maxBodyBytes) bytes)")
        }
        var context = context
        context.maxBodyBytes = maxBodyBytes
        return try await next(request, context)
    }
}
