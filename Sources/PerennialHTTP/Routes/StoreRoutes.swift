import Hummingbird

/// The HTTP routes one store brings beyond its notification endpoint (which every `StoreAdapter` gets):
/// PerennialHTTP itself names no store. A route module of its own, beside the store-neutral ones.
public protocol StoreRoutes: RouteModule {
    /// Adds the store's routes: `v1` is `/v1`; `admin` is `/v1/admin` (secret key, audited). The value holds
    /// what its routes use, given when the server is composed.
    func add(v1: RouterGroup<PerennialRequestContext>, admin: RouterGroup<PerennialRequestContext>)
}

extension StoreRoutes {
    public func add(to routes: RouteGroups) {
        add(v1: routes.v1, admin: routes.admin)
    }
}
