import Hummingbird
import PerennialServices

/// Builds Perennial's HTTP API.
public enum PerennialRouter {
    /// The router with every route and middleware: error envelopes outermost, then the body limit, API-key
    /// authentication and the rate limit; the admin group records every request in the audit log.
    public static func make(_ dependencies: HTTPDependencies) -> Router<PerennialRequestContext> {
        let router = Router(context: PerennialRequestContext.self)
        router.add(middleware: ErrorEnvelopeMiddleware())
        router.add(middleware: PathParameterDecodingMiddleware())
        router.add(middleware: JSONContentTypeMiddleware())
        router.add(middleware: BodyLimitMiddleware(maxBodyBytes: dependencies.maxBodyBytes))
        router.add(middleware: APIKeyMiddleware(apps: dependencies.apps))
        router.add(middleware: RateLimitMiddleware(
            limiter: dependencies.rateLimiter, rejected: dependencies.rejectedNotificationLimiter,
            trustedProxyHeader: dependencies.trustedProxyHeader))
        HealthRoutes(dependencies: dependencies).add(to: router)
        let v1 = router.group("v1")
        ReceiptRoutes(dependencies: dependencies).add(to: v1)
        CustomerRoutes(dependencies: dependencies).add(to: v1)
        AppleNotificationRoutes(dependencies: dependencies).add(to: v1)
        TransactionRoutes(dependencies: dependencies).add(to: v1)
        OfferRoutes(dependencies: dependencies).add(to: v1)
        let admin = v1.group("admin")
        admin.add(middleware: AuditMiddleware(log: dependencies.auditLog, clock: dependencies.clock))
        AdminAuditRoutes(dependencies: dependencies).add(to: admin)
        AdminRoutes(dependencies: dependencies).add(to: admin)
        AdminNotificationRoutes(dependencies: dependencies).add(to: admin)
        AdminJobRoutes(dependencies: dependencies).add(to: admin)
        AdminOfferRoutes(dependencies: dependencies).add(to: admin)
        AdminAppleRoutes(dependencies: dependencies).add(to: admin.group("apple"))
        return router
    }
}
