import Hummingbird
import PerennialHTTP
import PerennialServices

/// The App Store's HTTP routes beyond its notification endpoint (which `AppStoreAdapter` brings): the
/// admin routes that call Apple's Server API (`/v1/admin/apple/…`).
public struct AppStoreRoutes: StoreRoutes {
    let admin: AppStoreAdminService

    /// - Parameter admin: calls Apple's Server API for the admin routes.
    public init(admin: AppStoreAdminService) {
        self.admin = admin
    }

    public func add(v1: RouterGroup<PerennialRequestContext>, admin: RouterGroup<PerennialRequestContext>) {
        AdminAppleRoutes(admin: self.admin).add(to: admin.group("apple"))
    }
}
