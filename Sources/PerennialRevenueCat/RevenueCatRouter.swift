import Hummingbird
import PerennialHTTP

/// The RevenueCat-compatible surface, served on a listener of its own (`server.revenuecat`): RevenueCat's
/// SDKs drop the path of their proxy URL and call `/v1/…` at the root, where Perennial's own `/v1/receipts`
/// means something else. Its requests pass the same edge as Perennial's (request ids, body limit, API keys,
/// rate limits), with errors in RevenueCat's shape.
public enum RevenueCatRouter {
    /// The router for the apps `appIDs`.
    public static func make(edge: HTTPEdge, services: RevenueCatServices, appIDs: Set<String>) -> Router<PerennialRequestContext> {
        let router = Router(context: PerennialRequestContext.self)
        router.add(middleware: RequestIDMiddleware())
        if let telemetry = edge.telemetry { router.add(middleware: TelemetryMiddleware(telemetry: telemetry)) }
        router.add(middleware: RevenueCatErrorMiddleware())
        router.add(middleware: PathParameterDecodingMiddleware())
        router.add(middleware: JSONContentTypeMiddleware())
        router.add(middleware: BodyLimitMiddleware(maxBodyBytes: edge.maxBodyBytes))
        router.add(middleware: APIKeyMiddleware(apps: edge.apps))
        router.add(middleware: RevenueCatAccessMiddleware(appIDs: appIDs))
        router.add(middleware: RateLimitMiddleware(
            limiter: edge.rateLimiter, rejected: edge.rejectedNotificationLimiter, notificationPathPrefixes: [],
            trustedProxyHeader: edge.trustedProxyHeader))
        let v1 = router.group("v1")
        SubscriberRoutes(services: services).add(to: v1)
        SubscriberAttributeRoutes(services: services).add(to: v1)
        ReceiptPostRoutes(services: services).add(to: v1)
        OfferingRoutes(services: services).add(to: v1)
        EligibilityRoutes(services: services).add(to: v1)
        HousekeepingRoutes().add(to: v1)
        return router
    }
}
