import Hummingbird
import PerennialHTTP

/// The App Store's HTTP routes beyond its notification endpoint (which `AppStoreAdapter` brings): the
/// admin routes that call Apple's Server API (`/v1/admin/apple/…`).
public struct AppStoreRoutes: StoreRoutes {
    public init() {}

    public func add(
        v1: RouterGroup<PerennialRequestContext>, admin: RouterGroup<PerennialRequestContext>, dependencies: HTTPDependencies
    ) {
        AdminAppleRoutes(dependencies: dependencies).add(to: admin.group("apple"))
    }
}
