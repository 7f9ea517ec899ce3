import Hummingbird
import PerennialHTTP

/// Runs the request with `TracingSwitch.off`: the `--compare-tracing` server without tracing.
struct UntracedMiddleware: RouterMiddleware {
    typealias Context = PerennialRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await TracingSwitch.$off.withValue(true) { try await next(request, context) }
    }
}
