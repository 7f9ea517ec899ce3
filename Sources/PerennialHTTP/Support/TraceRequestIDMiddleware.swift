import Hummingbird
import Tracing

/// Puts the request's id (`RequestIDMiddleware`) on the request's server span as `perennial.request_id`,
/// so a trace leads to the answer's `X-Request-Id`, its error envelope and its log lines, and back. Runs
/// inside Hummingbird's `TracingMiddleware`, only when tracing is on.
struct TraceRequestIDMiddleware<Context: RequestContext & RequestIdentifying>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let id = context.requestID, let span = InstrumentationSystem.tracer.activeSpan(identifiedBy: ServiceContext.current ?? .topLevel) {
            span.attributes["perennial.request_id"] = id
        }
        return try await next(request, context)
    }
}
