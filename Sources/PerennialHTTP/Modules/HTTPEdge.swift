import PerennialCore
import PerennialServices

/// The middleware every route passes through, and what it uses: request ids, the request span (tracing),
/// the telemetry's count, error envelopes, path decoding, the JSON and body-size checks, API keys, rate
/// limits, and the admin group's audit log.
public struct HTTPEdge: Sendable {
    public var apps: AppDirectory
    /// The per-app, per-key request budgets.
    public var rateLimiter: RateLimiter
    /// The per-address budget of store notifications that fail verification.
    public var rejectedNotificationLimiter: RejectedNotificationLimiter
    /// The largest request body accepted (`server.max_body_bytes`).
    public var maxBodyBytes: Int
    /// The header a trusted reverse proxy puts the client's address in (`server.trusted_proxy_header`).
    public var trustedProxyHeader: String?
    /// Where admin requests are recorded.
    public var auditLog: any AuditLog
    /// The time audit entries and rate-limit buckets go by.
    public var clock: any Clock
    /// The stores' notification endpoints, whose `Authorization` header is the store's, not an API key.
    public var notificationPathPrefixes: [String]
    /// Where requests are counted and timed; nil: nowhere (metrics off).
    public var telemetry: Telemetry?
    /// Whether each request gets a server span (`server.tracing`).
    public var tracing = false

    public init(
        apps: AppDirectory, rateLimits: RateLimitSettings, maxBodyBytes: Int, trustedProxyHeader: String?, auditLog: any AuditLog,
        clock: any Clock, notificationAdapters: StoreAdapters
    ) {
        self.apps = apps
        rateLimiter = RateLimiter(apps: apps.apps, defaults: rateLimits, clock: clock)
        rejectedNotificationLimiter = RejectedNotificationLimiter(limit: rateLimits.rejectedNotificationsPerAddress, clock: clock)
        self.maxBodyBytes = maxBodyBytes
        self.trustedProxyHeader = trustedProxyHeader
        self.auditLog = auditLog
        self.clock = clock
        notificationPathPrefixes = notificationAdapters.all.map(StoreNotificationRoutes.pathPrefix(of:))
    }
}
