import Hummingbird
import PerennialServices

/// Reads `Authorization: Bearer <key>` and records which app and role the key belongs to. Requests without
/// a key pass through unauthenticated; routes that need one call `requireApp()`. On a store's notification
/// endpoint (`notificationPathPrefixes`, recognized by the route matched) the header is the store's
/// credential, not an API key: left to the store's adapter. `GET /health` and `GET /openapi.yaml` need no key
/// and read none; `GET /metrics` reads its own token.
public struct APIKeyMiddleware: RouterMiddleware {
    public typealias Context = PerennialRequestContext

    let apps: AppDirectory
    let notificationPaths: StoreNotificationPaths

    public init(apps: AppDirectory, notificationPathPrefixes: [String] = []) {
        self.apps = apps
        notificationPaths = StoreNotificationPaths(prefixes: notificationPathPrefixes)
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        if let header = request.headers[.authorization], !notificationPaths.matches(context), !Self.needsNoKey(context) {
            guard let key = BearerCredential.of(header), let match = apps.authenticate(apiKey: key) else {
                throw PerennialError(.invalidAPIKey, "the API key is not valid")
            }
            context.authenticated = match
        }
        return try await next(request, context)
    }

    /// Routes anyone may call (`GET /health`, `GET /openapi.yaml`), or that read the header themselves (`GET /metrics`, its
    /// token; `POST /v1/admin/reload`, the owner token): a header there is not read as an API key, so a malformed one is no error.
    private static func needsNoKey(_ context: Context) -> Bool {
        switch context.endpointPath {
        case "/health", "/openapi.yaml", "/metrics", "/v1/admin/reload": true
        default: false
        }
    }
}
