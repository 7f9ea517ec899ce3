import Hummingbird
import PerennialServices

/// Reads `Authorization: Bearer <key>` and records which app and role the key belongs to. Requests without
/// a key pass through unauthenticated; routes that need one call `requireApp()`.
public struct APIKeyMiddleware: RouterMiddleware {
    public typealias Context = PerennialRequestContext

    let apps: AppDirectory

    public init(apps: AppDirectory) {
        self.apps = apps
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        if let header = request.headers[.authorization] {
            let prefix = "Bearer "
            guard header.hasPrefix(prefix), let match = apps.authenticate(apiKey: String(header.dropFirst(prefix.count))) else {
                throw PerennialError(.invalidAPIKey, "the API key is not valid")
            }
            context.authenticated = match
        }
        return try await next(request, context)
    }
}
