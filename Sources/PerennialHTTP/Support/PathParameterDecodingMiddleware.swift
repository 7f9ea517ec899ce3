import Hummingbird
import PerennialServices

/// Percent-decodes every path parameter once, for every route, before any handler reads it: an id sent as
/// `a%2Fb` or `caf%C3%A9` reaches the route as `a/b` or `café`. The router matches the path as sent, so an
/// encoded `/` stays inside its segment. A segment that is not valid percent-encoded UTF-8 gets 400
/// `invalid_path`. `+` is a plus sign in a path, never a space; nothing is trimmed or normalised
/// (`PathSegmentDecoder`), so a path reaches every id a body can name.
public struct PathParameterDecodingMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard !context.parameters.isEmpty else { return try await next(request, context) }
        var decoded = Parameters()
        for (name, value) in context.parameters {
            guard let text = PathSegmentDecoder.decode(value) else {
                throw PerennialError(.invalidPath, "a path segment is not valid percent-encoded UTF-8")
            }
            decoded.append(key: name, value: Substring(text))
        }
        var context = context
        context.coreContext.parameters = decoded
        return try await next(request, context)
    }
}
