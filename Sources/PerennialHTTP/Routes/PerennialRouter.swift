import Hummingbird
import PerennialServices

/// Builds Perennial's HTTP API.
public enum PerennialRouter {
    /// The router with every route and middleware: error envelopes outermost, then API-key authentication.
    public static func make(_ dependencies: HTTPDependencies) -> Router<PerennialRequestContext> {
        let router = Router(context: PerennialRequestContext.self)
        router.add(middleware: ErrorEnvelopeMiddleware())
        router.add(middleware: APIKeyMiddleware(apps: dependencies.apps))
        HealthRoutes(dependencies: dependencies).add(to: router)
        let v1 = router.group("v1")
        ReceiptRoutes(dependencies: dependencies).add(to: v1)
        CustomerRoutes(dependencies: dependencies).add(to: v1)
        AppleNotificationRoutes(dependencies: dependencies).add(to: v1)
        TransactionRoutes(dependencies: dependencies).add(to: v1)
        OfferRoutes(dependencies: dependencies).add(to: v1)
        let admin = v1.group("admin")
        AdminRoutes(dependencies: dependencies).add(to: admin)
        AdminNotificationRoutes(dependencies: dependencies).add(to: admin)
        AdminOfferRoutes(dependencies: dependencies).add(to: admin)
        AdminAppleRoutes(dependencies: dependencies).add(to: admin.group("apple"))
        return router
    }
}
