import Hummingbird
import PerennialServices

/// Builds Perennial's HTTP API.
public enum PerennialRouter {
    /// The router with every route and middleware: error envelopes outermost, then the body limit, API-key
    /// authentication and the rate limit; the admin group records every request in the audit log. Each
    /// store adapter gets its notification endpoint; a store's other routes come with it (`stores`).
    public static func make(_ dependencies: HTTPDependencies, stores: [any StoreRoutes]) -> Router<PerennialRequestContext> {
        let router = Router(context: PerennialRequestContext.self)
        router.add(middleware: ErrorEnvelopeMiddleware())
        router.add(middleware: PathParameterDecodingMiddleware())
        router.add(middleware: JSONContentTypeMiddleware())
        router.add(middleware: BodyLimitMiddleware(maxBodyBytes: dependencies.maxBodyBytes))
        router.add(middleware: APIKeyMiddleware(apps: dependencies.apps))
        router.add(middleware: RateLimitMiddleware(
            limiter: dependencies.rateLimiter, rejected: dependencies.rejectedNotificationLimiter,
            notificationPathPrefixes: dependencies.storeAdapters.all.map(StoreNotificationRoutes.pathPrefix(of:)), trustedProxyHeader: dependencies.trustedProxyHeader))
        HealthRoutes(dependencies: dependencies).add(to: router)
        let v1 = router.group("v1")
        ReceiptRoutes(dependencies: dependencies).add(to: v1)
        CustomerRoutes(dependencies: dependencies).add(to: v1)
        TransactionRoutes(dependencies: dependencies).add(to: v1)
        OfferRoutes(dependencies: dependencies).add(to: v1)
        StoreNotificationRoutes(notifications: dependencies.notifications, apps: dependencies.apps)
            .add(to: v1, adapters: dependencies.storeAdapters)
        let admin = v1.group("admin")
        admin.add(middleware: AuditMiddleware(log: dependencies.auditLog, clock: dependencies.clock))
        AdminAuditRoutes(dependencies: dependencies).add(to: admin)
        AdminRoutes(dependencies: dependencies).add(to: admin)
        AdminNotificationRoutes(dependencies: dependencies).add(to: admin)
        AdminJobRoutes(dependencies: dependencies).add(to: admin)
        AdminOfferRoutes(dependencies: dependencies).add(to: admin)
        for store in stores { store.add(v1: v1, admin: admin, dependencies: dependencies) }
        return router
    }
}
