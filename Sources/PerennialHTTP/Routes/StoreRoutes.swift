import Hummingbird

/// The HTTP routes one store brings, registered by the store's adapter: PerennialHTTP itself names no
/// store. `PerennialRouter.make` adds every store's routes beside the store-neutral ones.
public protocol StoreRoutes: Sendable {
    /// The path of the store's notification endpoint up to the app id (`/v1/<store>/notifications/`).
    /// Requests there carry no API key; `RateLimitMiddleware` gives them the notification budgets.
    var notificationPathPrefix: String { get }

    /// Adds the store's routes: `v1` is `/v1`; `admin` is `/v1/admin` (secret key, audited).
    func add(v1: RouterGroup<PerennialRequestContext>, admin: RouterGroup<PerennialRequestContext>, dependencies: HTTPDependencies)
}
