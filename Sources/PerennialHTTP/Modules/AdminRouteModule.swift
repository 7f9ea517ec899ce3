import PerennialCore
import PerennialServices

/// The team's routes under `/v1/admin` (the app's secret key): customers, revenue, payouts, metrics, stored
/// notifications, jobs, offers, webhooks, the event feed and the audit log itself.
public struct AdminRouteModule: RouteModule {
    /// The services the admin routes read and change.
    public struct Services: Sendable {
        public var customers: CustomerService
        public var identity: IdentityService
        public var revenue: RevenueService
        public var payouts: PayoutForecastService
        public var metrics: MetricsService
        public var notificationInbox: any NotificationInbox
        public var jobs: any JobQueue
        public var offers: OfferService
        public var webhooks: WebhookService
        public var eventFeed: EventFeed
        public var auditLog: any AuditLog

        public init(
            customers: CustomerService, identity: IdentityService, revenue: RevenueService, payouts: PayoutForecastService,
            metrics: MetricsService, notificationInbox: any NotificationInbox, jobs: any JobQueue, offers: OfferService,
            webhooks: WebhookService, eventFeed: EventFeed, auditLog: any AuditLog
        ) {
            self.customers = customers
            self.identity = identity
            self.revenue = revenue
            self.payouts = payouts
            self.metrics = metrics
            self.notificationInbox = notificationInbox
            self.jobs = jobs
            self.offers = offers
            self.webhooks = webhooks
            self.eventFeed = eventFeed
            self.auditLog = auditLog
        }
    }

    let services: Services
    /// The time a requeued job is due from.
    let clock: any Clock

    public init(_ services: Services, clock: any Clock) {
        self.services = services
        self.clock = clock
    }

    public func add(to routes: RouteGroups) {
        let admin = routes.admin
        AdminAuditRoutes(auditLog: services.auditLog).add(to: admin)
        AdminRoutes(customers: services.customers, identity: services.identity, revenue: services.revenue).add(to: admin)
        AdminPayoutRoutes(forecasts: services.payouts).add(to: admin)
        AdminMetricRoutes(metrics: services.metrics).add(to: admin)
        AdminNotificationRoutes(notificationInbox: services.notificationInbox).add(to: admin)
        AdminJobRoutes(jobs: services.jobs, clock: clock).add(to: admin)
        AdminOfferRoutes(offers: services.offers).add(to: admin)
        AdminWebhookRoutes(webhooks: services.webhooks).add(to: admin)
        AdminEventFeedRoutes(feed: services.eventFeed).add(to: admin)
    }
}
