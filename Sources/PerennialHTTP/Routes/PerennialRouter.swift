import Hummingbird
import PerennialServices

/// Builds Perennial's HTTP API.
public enum PerennialRouter {
    /// The router with every route and middleware: the request id outermost, then the request's span (when
    /// tracing is on), the telemetry's count of requests (when it is on), error envelopes, the body limit,
    /// API-key authentication and the rate limit (`edge`); the admin group records every request in the
    /// audit log. Each module adds its group's routes, holding only what they use.
    public static func make(edge: HTTPEdge, modules: [any RouteModule]) -> Router<PerennialRequestContext> {
        let router = Router(context: PerennialRequestContext.self)
        router.add(middleware: RequestIDMiddleware())
        if edge.tracing { router.add(middleware: ServerSpanMiddleware()) }
        if let telemetry = edge.telemetry { router.add(middleware: TelemetryMiddleware(telemetry: telemetry)) }
        router.add(middleware: ErrorEnvelopeMiddleware())
        router.add(middleware: PathParameterDecodingMiddleware())
        router.add(middleware: JSONContentTypeMiddleware())
        router.add(middleware: BodyLimitMiddleware(maxBodyBytes: edge.maxBodyBytes))
        router.add(middleware: APIKeyMiddleware(apps: edge.apps, notificationPathPrefixes: edge.notificationPathPrefixes))
        router.add(middleware: RateLimitMiddleware(
            limiter: edge.rateLimiter, rejected: edge.rejectedNotificationLimiter, notificationPathPrefixes: edge.notificationPathPrefixes,
            trustedProxyHeader: edge.trustedProxyHeader))
        let v1 = router.group("v1")
        let admin = v1.group("admin")
        admin.add(middleware: AuditMiddleware(log: edge.auditLog, clock: edge.clock))
        let groups = RouteGroups(root: router, v1: v1, admin: admin)
        for module in modules { module.add(to: groups) }
        return router
    }
}
