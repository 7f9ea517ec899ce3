import Hummingbird
import PerennialServices

/// Reads `Authorization: Bearer <key>` and records which app and role the key belongs to. Requests without
/// a key pass through unauthenticated; routes that need one call `requireApp()`. On a store's notification
/// endpoint (`notificationPathPrefixes`) the header is the store's credential, not an API key: left to the
/// store's adapter.
public struct APIKeyMiddleware: RouterMiddleware {
    public typealias Context = PerennialRequestContext

    let apps: AppDirectory
    let notificationPathPrefixes: [String]

    public init(apps: AppDirectory, notificationPathPrefixes: [String] = []) {
        self.apps = apps
        self.notificationPathPrefixes = notificationPathPrefixes
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        let path = request.uri.path
        if let header = request.headers[.authorization], !notificationPathPrefixes.contains(where: path.hasPrefix) {
            let prefix = "Bearer "
            guard header.hasPrefix(prefix), let match = apps.authenticate(apiKey: String(header.dropFirst(prefix.count))) else {
                throw PerennialError(.invalidAPIKey, "the API key is not valid")
            }
            context.authenticated = match
        }
        return try await next(request, context)
    }
}
