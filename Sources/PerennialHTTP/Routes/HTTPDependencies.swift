import PerennialCore
import PerennialServices

/// What the HTTP layer needs from the rest of Perennial, for `PerennialRouter.make`, which gives each route
/// group only the parts it uses.
public struct HTTPDependencies: Sendable {
    public var apps: AppDirectory
    public var customers: CustomerService
    /// Logins, aliases, attributes and erasure.
    public var identity: IdentityService
    /// Each customer's sales and refunds, from their facts.
    public var revenue: RevenueService
    /// When the stores will pay the app's proceeds.
    public var payouts: PayoutForecastService
    /// The metrics' series, from the facts.
    public var metrics: MetricsService
    public var notifications: StoreNotificationService
    public var notificationInbox: any NotificationInbox
    public var offers: OfferService
    public var health: AppHealth
    /// `sqlite` or `postgresql`, shown by /health.
    public var databaseKind: String
    public var version: String
    /// The durable job queue, for the job admin routes.
    public var jobs: any JobQueue
    /// Where admin requests are recorded.
    public var auditLog: any AuditLog
    /// The time audit entries and rate-limit buckets go by.
    public var clock: any Clock
    /// The largest request body accepted (`server.max_body_bytes`).
    public var maxBodyBytes: Int
    /// The per-app, per-key request budgets.
    public var rateLimiter: RateLimiter
    /// The per-address budget of store notifications that fail verification.
    public var rejectedNotificationLimiter: RejectedNotificationLimiter
    /// The header a trusted reverse proxy puts the client's address in (`server.trusted_proxy_header`).
    public var trustedProxyHeader: String?
    /// The team's webhook endpoints and deliveries.
    public var webhooks: WebhookService
    /// The app's events in commit order, for teams that pull.
    public var eventFeed: EventFeed
    /// Where requests are counted and timed (`Telemetry.off`: nowhere).
    public var telemetry: Telemetry = .off
    /// What `GET /metrics` shows; nil: no such route.
    public var telemetryExposition: (any TelemetryExposition)?
    /// The token a scraper from another machine sends to `GET /metrics`; nil: loopback only.
    public var metricsToken: String?
    /// Whether each request gets a server span (`server.tracing`), joined to the caller's trace when the
    /// request carries a W3C `traceparent`.
    public var tracing = false
    /// What reloads the configuration file (`POST /v1/admin/reload`); nil: no such route.
    public var reloader: (any ConfigurationReloading)?
    /// The deployment owner's token, for the owner's routes (`server.owner_token_file`); nil: they answer nobody.
    public var ownerToken: String?

    public init(
        apps: AppDirectory, customers: CustomerService, identity: IdentityService, revenue: RevenueService,
        payouts: PayoutForecastService, metrics: MetricsService,
        notifications: StoreNotificationService,
        notificationInbox: any NotificationInbox, offers: OfferService, health: AppHealth,
        databaseKind: String, version: String, jobs: any JobQueue, auditLog: any AuditLog, clock: any Clock,
        maxBodyBytes: Int = 8 * 1024 * 1024, rateLimits: RateLimitSettings = RateLimitSettings(),
        trustedProxyHeader: String? = nil, webhooks: WebhookService, eventFeed: EventFeed
    ) {
        self.webhooks = webhooks
        self.eventFeed = eventFeed
        self.trustedProxyHeader = trustedProxyHeader
        rejectedNotificationLimiter = RejectedNotificationLimiter(limit: rateLimits.rejectedNotificationsPerAddress, clock: clock)
        self.apps = apps
        self.customers = customers
        self.identity = identity
        self.revenue = revenue
        self.payouts = payouts
        self.metrics = metrics
        self.notifications = notifications
        self.notificationInbox = notificationInbox
        self.offers = offers
        self.health = health
        self.databaseKind = databaseKind
        self.version = version
        self.jobs = jobs
        self.auditLog = auditLog
        self.clock = clock
        self.maxBodyBytes = maxBodyBytes
        rateLimiter = RateLimiter(apps: apps.apps, defaults: rateLimits, clock: clock)
    }
}
