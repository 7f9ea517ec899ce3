import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// The dashboard, `/dashboard/…`: server-rendered pages for the people who run the business, signed in
/// with their own accounts (`DashboardAccountService`), each page allowed by role and app.
public struct DashboardRouteModule: RouteModule {
    /// What the pages read and change.
    public struct Services: Sendable {
        public var accounts: DashboardAccountService
        public var apps: AppDirectory
        public var customers: CustomerService
        public var identity: IdentityService
        public var metrics: MetricsService
        public var payouts: PayoutForecastService
        public var offers: OfferService
        public var jobs: any JobQueue
        public var notificationInbox: any NotificationInbox
        public var webhooks: WebhookService
        public var paywalls: PaywallService
        /// The problems the server's checks found, per app (what `/health` shows).
        public var health: AppHealth
        public var auditLog: any AuditLog
        public var ledger: any Ledger
        public var clock: any Clock
        /// The stores' own actions on a subscription (`SupportAction`), offered on the customer page.
        public var supportActions: [any SupportAction]
        /// The store reports the reconciliation page reads (`StoreModule.reportFormats`).
        public var reportFormats: [any StoreReportFormat]
        /// The header a trusted proxy puts the client's address in (`server.trusted_proxy_header`).
        public var trustedProxyHeader: String?

        public init(
            accounts: DashboardAccountService, apps: AppDirectory, customers: CustomerService, identity: IdentityService, metrics: MetricsService,
            payouts: PayoutForecastService,
            offers: OfferService, jobs: any JobQueue, notificationInbox: any NotificationInbox, webhooks: WebhookService, paywalls: PaywallService,
            health: AppHealth, auditLog: any AuditLog, ledger: any Ledger, clock: any Clock, supportActions: [any SupportAction] = [],
            reportFormats: [any StoreReportFormat] = [], trustedProxyHeader: String?
        ) {
            self.supportActions = supportActions
            self.reportFormats = reportFormats
            self.accounts = accounts
            self.apps = apps
            self.customers = customers
            self.identity = identity
            self.metrics = metrics
            self.payouts = payouts
            self.offers = offers
            self.jobs = jobs
            self.notificationInbox = notificationInbox
            self.webhooks = webhooks
            self.paywalls = paywalls
            self.health = health
            self.auditLog = auditLog
            self.ledger = ledger
            self.clock = clock
            self.trustedProxyHeader = trustedProxyHeader
        }
    }

    let services: Services

    public init(_ services: Services) {
        self.services = services
    }

    public func add(to routes: RouteGroups) {
        let group = routes.root.group("dashboard").add(middleware: DashboardMiddleware())
        let gate = DashboardGate(accounts: services.accounts, apps: services.apps)
        let audit = DashboardAudit(log: services.auditLog, clock: services.clock)
        group.get("assets/{version}/{name}") { _, context -> Response in
            guard let asset = DashboardAssets.asset(
                version: try context.parameters.require("version"), name: try context.parameters.require("name"))
            else { throw PerennialError(.notFound, "no such asset") }
            return Response(
                status: .ok, headers: [.contentType: asset.type, .cacheControl: "public, max-age=31536000, immutable"],
                body: .init(byteBuffer: ByteBuffer(string: asset.text)))
        }
        SignInRoutes(gate: gate, accounts: services.accounts, trustedProxyHeader: services.trustedProxyHeader).add(to: group)
        OverviewRoutes(gate: gate, metrics: services.metrics, clock: services.clock).add(to: group)
        CustomerRoutes(gate: gate, audit: audit, services: services).add(to: group)
        CustomerActionRoutes(gate: gate, audit: audit, services: services).add(to: group)
        SupportActionRoutes(gate: gate, audit: audit, services: services).add(to: group)
        RetentionRoutes(gate: gate, metrics: services.metrics, clock: services.clock).add(to: group)
        PayoutRoutes(gate: gate, payouts: services.payouts, clock: services.clock).add(to: group)
        OfferRoutes(gate: gate, metrics: services.metrics, clock: services.clock).add(to: group)
        ReconciliationRoutes(gate: gate, ledger: services.ledger, formats: services.reportFormats).add(to: group)
        PaywallRoutes(gate: gate, audit: audit, paywalls: services.paywalls).add(to: group)
        PaywallPreviewRoutes(gate: gate, paywalls: services.paywalls).add(to: group)
        NotificationRoutes(gate: gate, inbox: services.notificationInbox).add(to: group)
        WebhookRoutes(gate: gate, audit: audit, webhooks: services.webhooks, clock: services.clock).add(to: group)
        HealthRoutes(gate: gate, health: services.health).add(to: group)
        JobRoutes(gate: gate, audit: audit, jobs: services.jobs, clock: services.clock).add(to: group)
        AuditRoutes(gate: gate, log: services.auditLog).add(to: group)
        UserRoutes(gate: gate, audit: audit, accounts: services.accounts, apps: services.apps).add(to: group)
        UserAccessRoutes(gate: gate, audit: audit, accounts: services.accounts, apps: services.apps).add(to: group)
        AccountRoutes(gate: gate, audit: audit, accounts: services.accounts, trustedProxyHeader: services.trustedProxyHeader).add(to: group)
    }
}
