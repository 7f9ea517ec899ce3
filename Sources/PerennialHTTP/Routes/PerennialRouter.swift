import Hummingbird
import PerennialServices

/// Builds Perennial's HTTP API.
public enum PerennialRouter {
    /// The router with every route and middleware: the request id outermost, then the request's span (when
    /// tracing is on), the telemetry's count of requests (when it is on), error envelopes, the body limit, API-key
    /// authentication and the rate limit; the admin group records every request in the audit log. Each
    /// store adapter gets its notification endpoint; a store's other routes come with it (`stores`, each
    /// holding what it uses). Every route group is given only what it uses.
    public static func make(_ dependencies: HTTPDependencies, stores: [any StoreRoutes]) -> Router<PerennialRequestContext> {
        let router = Router(context: PerennialRequestContext.self)
        router.add(middleware: RequestIDMiddleware())
        if dependencies.tracing { router.add(middleware: ServerSpanMiddleware()) }
        if dependencies.telemetryExposition != nil { router.add(middleware: TelemetryMiddleware(telemetry: dependencies.telemetry)) }
        router.add(middleware: ErrorEnvelopeMiddleware())
        router.add(middleware: PathParameterDecodingMiddleware())
        router.add(middleware: JSONContentTypeMiddleware())
        router.add(middleware: BodyLimitMiddleware(maxBodyBytes: dependencies.maxBodyBytes))
        let notificationPathPrefixes = dependencies.notifications.adapters.all.map(StoreNotificationRoutes.pathPrefix(of:))
        router.add(middleware: APIKeyMiddleware(apps: dependencies.apps, notificationPathPrefixes: notificationPathPrefixes))
        router.add(middleware: RateLimitMiddleware(
            limiter: dependencies.rateLimiter, rejected: dependencies.rejectedNotificationLimiter,
            notificationPathPrefixes: notificationPathPrefixes,
            trustedProxyHeader: dependencies.trustedProxyHeader))
        HealthRoutes(health: dependencies.health, databaseKind: dependencies.databaseKind, version: dependencies.version).add(to: router)
        ContractRoutes().add(to: router)
        if let exposition = dependencies.telemetryExposition {
            TelemetryRoutes(exposition: exposition, token: dependencies.metricsToken, trustedProxyHeader: dependencies.trustedProxyHeader)
                .add(to: router)
        }
        let v1 = router.group("v1")
        CustomerRoutes(customers: dependencies.customers).add(to: v1)
        IdentityRoutes(identity: dependencies.identity).add(to: v1)
        OfferRoutes(offers: dependencies.offers).add(to: v1)
        StoreNotificationRoutes(notifications: dependencies.notifications, apps: dependencies.apps).add(to: v1)
        let admin = v1.group("admin")
        admin.add(middleware: AuditMiddleware(log: dependencies.auditLog, clock: dependencies.clock))
        AdminAuditRoutes(auditLog: dependencies.auditLog).add(to: admin)
        AdminRoutes(customers: dependencies.customers, identity: dependencies.identity, revenue: dependencies.revenue).add(to: admin)
        AdminPayoutRoutes(forecasts: dependencies.payouts).add(to: admin)
        AdminMetricRoutes(metrics: dependencies.metrics).add(to: admin)
        AdminNotificationRoutes(notificationInbox: dependencies.notificationInbox).add(to: admin)
        AdminJobRoutes(jobs: dependencies.jobs, clock: dependencies.clock).add(to: admin)
        AdminOfferRoutes(offers: dependencies.offers).add(to: admin)
        AdminWebhookRoutes(webhooks: dependencies.webhooks).add(to: admin)
        AdminEventFeedRoutes(feed: dependencies.eventFeed).add(to: admin)
        if let reloader = dependencies.reloader {
            AdminReloadRoutes(reloader: reloader, ownerToken: dependencies.ownerToken).add(to: admin)
        }
        for store in stores { store.add(v1: v1, admin: admin) }
        return router
    }
}
