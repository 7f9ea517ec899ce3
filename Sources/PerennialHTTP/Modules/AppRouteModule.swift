import PerennialServices

/// What apps call under `/v1` with their keys (customers, identity, offers), and every store adapter's
/// notification endpoint (`/v1/<store>/notifications/{app_id}`).
public struct AppRouteModule: RouteModule {
    let customers: CustomerService
    let identity: IdentityService
    let offers: OfferService
    let notifications: StoreNotificationService
    let apps: AppDirectory

    public init(
        customers: CustomerService, identity: IdentityService, offers: OfferService, notifications: StoreNotificationService,
        apps: AppDirectory
    ) {
        self.customers = customers
        self.identity = identity
        self.offers = offers
        self.notifications = notifications
        self.apps = apps
    }

    public func add(to routes: RouteGroups) {
        CustomerRoutes(customers: customers).add(to: routes.v1)
        IdentityRoutes(identity: identity).add(to: routes.v1)
        OfferRoutes(offers: offers).add(to: routes.v1)
        StoreNotificationRoutes(notifications: notifications, apps: apps).add(to: routes.v1)
    }
}
