import Hummingbird
import PerennialHTTP

/// The App Store's HTTP routes, registered by its adapter: the server notification URL an app registers
/// in App Store Connect (`POST /v1/apple/notifications/{app_id}`) and the admin routes that call Apple's
/// Server API (`/v1/admin/apple/…`).
public struct AppStoreRoutes: StoreRoutes {
    public init() {}

    public var notificationPathPrefix: String { "/v1/apple/notifications/" }

    public func add(
        v1: RouterGroup<PerennialRequestContext>, admin: RouterGroup<PerennialRequestContext>, dependencies: HTTPDependencies
    ) {
        AppleNotificationRoutes(dependencies: dependencies).add(to: v1)
        AdminAppleRoutes(dependencies: dependencies).add(to: admin.group("apple"))
    }
}
