import Hummingbird

/// The HTTP routes one store brings beyond its notification endpoint (which every `StoreAdapter` gets):
/// PerennialHTTP itself names no store. `PerennialRouter.make` adds every store's routes beside the
/// store-neutral ones.
public protocol StoreRoutes: Sendable {
    /// Adds the store's routes: `v1` is `/v1`; `admin` is `/v1/admin` (secret key, audited). The value holds
    /// what its routes use, given when the server is composed.
    func add(v1: RouterGroup<PerennialRequestContext>, admin: RouterGroup<PerennialRequestContext>)
}
