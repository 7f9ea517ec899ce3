import Hummingbird
import Logging

/// Turns every error a route throws, including the router's own 404 and 413, into an `ErrorEnvelope`.
public struct ErrorEnvelopeMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let envelope = ErrorEnvelope(error)
            envelope.logIfServerError(error, context: context)
            return try envelope.response(from: request, context: context)
        }
    }
}
