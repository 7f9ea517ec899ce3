import PerennialServices

/// Paywalls: what apps ask (`/v1/customers/{id}/paywall`, paywall events), the team's admin routes (the
/// document, revisions, experiments), and the web paywall (`/p/{app_id}/{placement}`).
public struct PaywallRouteModule: RouteModule {
    let paywalls: PaywallService
    let apps: AppDirectory

    public init(paywalls: PaywallService, apps: AppDirectory) {
        self.paywalls = paywalls
        self.apps = apps
    }

    public func add(to routes: RouteGroups) {
        PaywallRoutes(paywalls: paywalls).add(to: routes.v1)
        AdminPaywallRoutes(paywalls: paywalls).add(to: routes.admin)
        WebPaywallRoutes(paywalls: paywalls, apps: apps).add(to: routes.root)
    }
}
