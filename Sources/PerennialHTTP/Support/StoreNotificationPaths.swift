import Hummingbird

/// Recognizes a request to a store's notification endpoint by the route the router matched, not by how the
/// path was spelled: `/v1/apple/notifications/x/`, `//v1/apple/notifications/x` and `/v1//apple/…` reach
/// the same route, so they are the same endpoint for the API keys and the rate limits alike.
struct StoreNotificationPaths: Sendable {
    /// Each store's route, as the router names it (`/v1/apple/notifications/{app_id}`).
    private let routes: Set<String>

    /// - Parameter prefixes: each store's notification path up to the app id (`/v1/apple/notifications/`).
    init(prefixes: [String]) {
        routes = Set(prefixes.map { $0 + "{app_id}" })
    }

    /// Whether the request was routed to a store's notification endpoint.
    func matches(_ context: some RequestContext) -> Bool {
        context.endpointPath.map(routes.contains) ?? false
    }

    /// The app id of a request routed to a store's notification endpoint (percent-decoded once the path
    /// parameters are), else nil.
    func appID(of context: some RequestContext) -> String? {
        guard matches(context), let appID = context.parameters.get("app_id"), !appID.isEmpty else { return nil }
        return appID
    }
}
