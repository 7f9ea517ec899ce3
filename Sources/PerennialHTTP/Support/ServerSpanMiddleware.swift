import HTTPTypes
import Hummingbird
import Tracing

/// The request's server span, when tracing is on: joined to the caller's trace when the request carries a
/// W3C `traceparent`, named by the route's template (`/v1/customers/{app_user_id}`), with the method, the
/// status and the request's id (`perennial.request_id`, the `X-Request-Id` answered). Unlike Hummingbird's
/// `TracingMiddleware` it records no raw path, query, user agent or client address: a trace leaving for a
/// collector carries no customer's id and no request's content.
struct ServerSpanMiddleware<Context: RequestContext & RequestIdentifying>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var parent = ServiceContext.current ?? .topLevel
        InstrumentationSystem.instrument.extract(request.headers, into: &parent, using: HTTPFieldsExtractor())
        return try await withSpan("HTTP \(request.method.rawValue)", context: parent, ofKind: .server) { span in
            span.attributes["http.request.method"] = request.method.rawValue
            if let id = context.requestID { span.attributes["perennial.request_id"] = id }
            let response = try await next(request, context)
            if let route = context.endpointPath {
                span.operationName = route
                span.attributes["http.route"] = route
            }
            span.attributes["http.response.status_code"] = Int(response.status.code)
            if response.status.code >= 500 { span.setStatus(SpanStatus(code: .error)) }
            return response
        }
    }
}

/// Reads a propagated context's fields (`traceparent`, `tracestate`) from a request's headers.
struct HTTPFieldsExtractor: Extractor {
    func extract(key: String, from fields: HTTPFields) -> String? {
        HTTPField.Name(key).flatMap { fields[$0] }
    }
}
