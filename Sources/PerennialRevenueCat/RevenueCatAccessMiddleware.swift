import Hummingbird
import PerennialHTTP
import PerennialServices

/// Lets through the requests of the apps this listener serves (`server.revenuecat.apps`): every call needs
/// one of their keys, except `GET /v1/health`. A key of another app is answered as an invalid key.
struct RevenueCatAccessMiddleware: RouterMiddleware {
    typealias Context = PerennialRequestContext

    let appIDs: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if context.endpointPath == "/v1/health" { return try await next(request, context) }
        let app = try context.requireApp()
        guard appIDs.contains(app.id) else {
            throw PerennialError(.invalidAPIKey, "the API key is not valid")
        }
        return try await next(request, context)
    }
}
