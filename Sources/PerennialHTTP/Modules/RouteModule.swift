import Hummingbird

/// One group of routes, holding what its routes use (given when the server is composed, nothing more):
/// `PerennialRouter.make` adds every module's routes behind the shared middleware (`HTTPEdge`).
public protocol RouteModule: Sendable {
    /// Adds the module's routes to the root, `/v1` or `/v1/admin` (secret key, audited).
    func add(to routes: RouteGroups)
}

/// Where a module's routes go.
public struct RouteGroups {
    /// `/`: health, the contract, metrics.
    public let root: Router<PerennialRequestContext>
    /// `/v1`: what apps call, and the stores' notification endpoints.
    public let v1: RouterGroup<PerennialRequestContext>
    /// `/v1/admin`: the team's and the operator's routes, each request in the audit log.
    public let admin: RouterGroup<PerennialRequestContext>
}
