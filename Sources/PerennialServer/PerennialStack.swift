import Foundation
import Hummingbird
import Logging
import PerennialCore
import PerennialDashboard
import PerennialHTTP
import PerennialOutbound
import PerennialRevenueCat
import PerennialServices
import PerennialStorage
import PerennialStoreModule

/// Perennial wired together: the database, the services and the HTTP router, for `perennial serve` and
/// for tests that run it in-process.
public struct PerennialStack: Sendable {
    public let database: PerennialDatabase
    public let apps: AppDirectory
    /// Each store's parts (`StoreModule.makeRuntime`), in the order the stores are listed.
    public let storeRuntimes: [any StoreRuntime]
    public let customers: CustomerService
    /// Runs queued jobs: each store's own (purchases waiting for the store, status polls, catch-ups),
    /// notifications to process again, subscription checks and store effects.
    public let runner: JobRunner
    /// Sends webhooks: many deliveries at once, each customer's in order per endpoint.
    public let webhookDispatcher: WebhookDispatcher
    /// The team's webhook endpoints and deliveries.
    public let webhooks: WebhookService
    /// The client webhooks go out on, when the stack made it (shut down with the stack).
    let webhookClient: WebhookClient?
    /// Puts the periodic work (polls, catch-ups, interrupted notifications) in the queue.
    public let scheduler: MaintenanceScheduler
    public let jobs: any JobQueue
    public let notificationInbox: any NotificationInbox
    /// Checks each app's set-up with its stores, for `perennial doctor` and /health.
    public let doctor: AppDoctor
    /// Rebuilds subscriptions' states from their stored facts (`perennial replay`).
    public let replay: ReplayService
    /// The middleware every request passes through.
    let edge: HTTPEdge
    /// The groups of routes, each with what it uses; the stores' own among them.
    let modules: [any RouteModule]
    /// The metrics' series, from the rollups (`perennial metrics`).
    let metrics: MetricsService
    /// The process's customer cache, when on.
    public let customerCache: CustomerViewCache?
    /// Listens for other processes' writes for the customer cache (PostgreSQL).
    let customerListener: Task<Void, Never>?
    /// Reloads the configuration file while serving (SIGHUP, `POST /v1/admin/reload`); nil when the stack
    /// was given no way to read it again.
    public let reloader: (any ConfigurationReloading)?
    /// The configuration problems /health shows.
    public let health: AppHealth
    /// What the RevenueCat-compatible listener uses.
    let revenueCat: RevenueCatServices
    /// Customers' identities (logins, aliases), for imports.
    let identity: IdentityService
    /// Records what the stores say, for imports.
    let ingestor: FactIngestor

    /// The per-address budget of store notifications that fail verification.
    public var rejectedNotificationLimiter: RejectedNotificationLimiter { edge.rejectedNotificationLimiter }

    /// Opens and migrates the database, records the apps, and builds the services.
    /// - Parameters:
    ///   - transport: how to reach the App Store (AsyncHTTPClient in production).
    ///   - verifyRetryPolicy: the immediate retries of a call to Apple (verifyReceipt, the Server API) before
    ///     its work is queued.
    ///   - jobRetry: how queued jobs are retried; nil: the configuration's `server.jobs`.
    ///   - stores: store adapters beside the App Store's, each with its notification endpoint, and the
    ///     routes they bring (`storeRoutes`: made by `makeStoreRoutes` with the stack's fact ingestor, which
    ///     a store's purchase route needs).
    ///   - passwordHasher: hashes and checks the dashboard's passwords (bcrypt, cost 12; tests use less).
    public static func open(
        configuration: PerennialConfiguration, masterKey: Data, previousMasterKeys: [Data] = [], clock: any Clock = SystemClock(),
        transport storeTransport: any HTTPTransport, verifyRetryPolicy: RetryPolicy = RetryPolicy(),
        verifyTimeout: Duration = .seconds(15), jobRetry: JobRetryPolicy? = nil,
        stores: [any StoreAdapter] = [], makeStoreRoutes: (FactIngestor) -> [any StoreRoutes] = { _ in [] },
        webhookTransport: (any HTTPTransport)? = nil, addressResolver: (any WebhookAddressResolver)? = nil,
        reloadSource: (@Sendable () throws -> PerennialConfiguration)? = nil, passwordHasher: PasswordHasher = PasswordHasher(),
        logger: Logger = Logger(label: "perennial")
    ) async throws -> PerennialStack {
        let database = try await PerennialDatabase.open(
            url: configuration.server.databaseURL, logger: logger, postgresMaximumConnections: configuration.server.databasePoolSize,
            groupCommit: configuration.server.groupCommit
        )
        do {
            _ = try await Migrations.migrate(database)
            let secrets = try SecretBox(masterKey: masterKey, previousMasterKeys: previousMasterKeys)
            let customerCache = (configuration.server.customerCache ?? true)
                ? CustomerViewCache(requiresListener: database.isShared) : nil
            let ledger: any Ledger = customerCache.map { CacheInvalidatingLedger(SQLLedger(database: database), cache: $0) }
                ?? SQLLedger(database: database)
            try await MasterKeyCheck.verify(secrets, ledger: ledger)
            let jobs = SQLJobQueue(database: database, clock: clock)
            let exposition = configuration.server.metrics.enabled
                ? PrometheusTelemetry(
                    database: database, jobs: jobs, metrics: MetricsService(ledger: ledger), apps: configuration.apps,
                    stores: StoreModules.all.map(\.store) + stores.map(\.store), clock: clock, logger: logger)
                : nil
            let telemetry = exposition?.telemetry ?? .off
            let transport: any HTTPTransport = MeteredHTTPTransport(storeTransport, telemetry: telemetry)
            try await AppRegistration.register(
                configuration.apps, ledger: ledger, secrets: secrets,
                at: clock.now()
            )
            let apps = AppDirectory(apps: serving(configuration.apps, configuration))
            let health = AppHealth()
            let customers = CustomerService(ledger: ledger, clock: clock, cache: customerCache, telemetry: telemetry)
            let inbox = SQLNotificationInbox(database: database)
            let schedule = SQLPollSchedule(database: database)
            let context = StoreContext(
                apps: configuration.apps, ledger: ledger, jobs: jobs, secrets: secrets, transport: transport,
                retryPolicy: verifyRetryPolicy, timeout: verifyTimeout, purchasePatience: configuration.server.purchasePatience,
                pollSchedule: schedule, health: health, telemetry: telemetry, clock: clock, logger: logger)
            var runtimes: [any StoreRuntime] = []
            for module in StoreModules.all {
                let settings = Dictionary(uniqueKeysWithValues: configuration.apps.compactMap { app in
                    app.storeSettings[module.store].map { (app.id, $0) }
                })
                if let runtime = try await module.makeRuntime(context, settings: settings) {
                    runtimes.append(runtime)
                }
            }
            let adapters = StoreAdapters(runtimes.map(\.adapter) + stores)
            let notifications = StoreNotificationService(
                inbox: inbox, jobs: jobs, ledger: ledger, adapters: adapters,
                secrets: secrets, retention: configuration.server.rejectedNotifications, clock: clock, logger: logger,
                telemetry: telemetry
            )
            let ingestor = FactIngestor(ledger: ledger, clock: clock)
            let storeServices = StoreServices(apps: apps, notifications: notifications, ingestor: ingestor)
            let webhookSettings = configuration.server.webhooks
            let urlRule = WebhookURLRule(
                allowsPrivateAddresses: webhookSettings.allowsPrivateAddresses, resolver: addressResolver ?? SystemAddressResolver())
            let webhooks = WebhookService(ledger: ledger, secrets: secrets, urlRule: urlRule, health: health, clock: clock)
            try await webhooks.applyConfiguration(
                Dictionary(uniqueKeysWithValues: configuration.apps.map { ($0.id, configuration.webhooks[$0.id] ?? []) }))
            let webhookClient = webhookTransport == nil ? WebhookClient() : nil
            let webhookDispatcher = WebhookDispatcher(
                ledger: ledger,
                sender: WebhookDeliverySender(
                    ledger: ledger, transport: webhookTransport ?? webhookClient!.transport, secrets: secrets, urlRule: urlRule,
                    settings: webhookSettings, health: health, clock: clock, logger: logger, telemetry: telemetry),
                settings: webhookSettings, clock: clock, logger: logger)
            let runner = JobRunner(
                queue: jobs,
                handlers: [
                    NotificationProcessingJob(apps: apps, service: notifications),
                    SubscriptionCheckJob(apps: apps, ingestor: ingestor),
                    StoreEffectJob(apps: apps, adapters: adapters, ingestor: ingestor),
                    StoreStatusPollJob(apps: apps, adapters: adapters, ingestor: ingestor),
                ] + runtimes.flatMap { $0.jobHandlers(storeServices) },
                policy: jobRetry ?? configuration.server.jobs, clock: clock, logger: logger, telemetry: telemetry
            )
            let auditLog = SQLAuditLog(database: database)
            var edge = HTTPEdge(
                apps: apps, rateLimits: configuration.server.rateLimits, maxBodyBytes: configuration.server.maxBodyBytes,
                trustedProxyHeader: configuration.server.trustedProxyHeader, auditLog: auditLog, clock: clock, notificationAdapters: adapters)
            edge.telemetry = exposition?.telemetry
            edge.tracing = configuration.server.tracing.enabled
            let reloader = reloadSource.map {
                ConfigurationReloader(
                    load: $0, running: configuration, directory: apps, serving: serving, ledger: ledger, secrets: secrets,
                    webhooks: webhooks, rateLimiter: edge.rateLimiter, clock: clock, logger: logger)
            }
            let identity = IdentityService(ledger: ledger, customers: customers, secrets: secrets, clock: clock)
            let offers = OfferService(ledger: ledger, signer: runtimes.lazy.compactMap(\.offerSigner).first, clock: clock)
            let metrics = MetricsService(ledger: ledger)
            var modules: [any RouteModule] = [
                OperationsRouteModule(
                    health: health, databaseKind: database.kind.rawValue, version: PerennialVersion.current, exposition: exposition,
                    metricsToken: configuration.server.metrics.token, trustedProxyHeader: configuration.server.trustedProxyHeader),
                AppRouteModule(customers: customers, identity: identity, offers: offers, notifications: notifications, apps: apps),
                AdminRouteModule(.init(
                    customers: customers, identity: identity, revenue: RevenueService(ledger: ledger), payouts: PayoutForecastService(ledger: ledger),
                    metrics: metrics, notificationInbox: inbox, jobs: jobs, offers: offers, webhooks: webhooks,
                    eventFeed: EventFeed(ledger: ledger), auditLog: auditLog), clock: clock),
            ]
            let paywalls = PaywallService(
                ledger: ledger, customers: customers, identity: identity, offers: offers, clock: clock,
                stores: Set(runtimes.map(\.adapter.store)), webCheckouts: runtimes.compactMap(\.webCheckout),
                freshness: customerCache, log: SQLLedger(database: database))
            modules.append(PaywallRouteModule(paywalls: paywalls, apps: apps))
            modules.append(DashboardRouteModule(.init(
                accounts: DashboardAccountService(accounts: SQLDashboardAccounts(database: database), hasher: passwordHasher, clock: clock),
                apps: apps, customers: customers, identity: identity, metrics: metrics, payouts: PayoutForecastService(ledger: ledger),
                offers: offers, jobs: jobs, notificationInbox: inbox, webhooks: webhooks, paywalls: paywalls, health: health,
                auditLog: auditLog, ledger: ledger, clock: clock, supportActions: runtimes.flatMap(\.supportActions),
                reportFormats: StoreModules.reportFormats, trustedProxyHeader: configuration.server.trustedProxyHeader)))
            if let reloader { modules.append(AdminReloadRoutes(reloader: reloader, ownerToken: configuration.server.ownerToken)) }
            let storeRoutes: [any StoreRoutes] = runtimes.flatMap { $0.routes(storeServices) } + makeStoreRoutes(ingestor)
            modules += storeRoutes.map { $0 as any RouteModule }
            return PerennialStack(
                database: database, apps: apps, storeRuntimes: runtimes, customers: customers,
                runner: runner,
                webhookDispatcher: webhookDispatcher, webhooks: webhooks, webhookClient: webhookClient,
                scheduler: MaintenanceScheduler(
                    apps: apps, schedule: schedule, jobs: jobs, inbox: inbox, clock: clock, logger: logger,
                    retention: configuration.server.rejectedNotifications, adapters: adapters),
                jobs: jobs,
                notificationInbox: inbox,
                doctor: AppDoctor(apps: configuration.apps, adapters: adapters, inbox: inbox, jobs: jobs, health: health, clock: clock),
                // PostgreSQL commits on several connections: four pages at once, of the pool's ten by default.
                replay: ReplayService(ledger: ledger, clock: clock, concurrency: database.isShared ? 4 : 1),
                edge: edge, modules: modules, metrics: metrics,
                customerCache: customerCache,
                customerListener: customerCache.flatMap { Self.listen(for: $0, database: database, logger: logger) },
                reloader: reloader, health: health,
                revenueCat: RevenueCatServices(
                    customers: customers, identity: identity, offers: offers, paywalls: paywalls,
                    intakes: runtimes.compactMap(\.sdkPurchaseIntake)),
                identity: identity, ingestor: ingestor
            )
        } catch {
            await database.shutdown()
            throw error
        }
    }

    /// The apps as the directory holds them: configured, with each store's subscription management URL.
    @Sendable static func serving(_ apps: [AppSettings], _ configuration: PerennialConfiguration) -> [AppSettings] {
        apps.map { app in
            var app = app
            StoreModules.fillDefaults(of: &app.revenue)
            for module in StoreModules.all {
                let template = module.managementURLTemplate(for: app, settings: app.storeSettings[module.store])
                if let template { app.managementURLTemplates[module.store] = template }
            }
            return app
        }
    }

    /// The HTTP API.
    public func router() -> Router<PerennialRequestContext> {
        PerennialRouter.make(edge: edge, modules: modules)
    }

    /// The RevenueCat-compatible API (`server.revenuecat`), for the apps `appIDs`.
    public func revenueCatRouter(appIDs: Set<String>) -> Router<PerennialRequestContext> {
        RevenueCatRouter.make(edge: edge, services: revenueCat, appIDs: appIDs)
    }

    /// Closes the database.
    public func shutdown() async {
        await webhookClient?.shutdown()
        customerListener?.cancel()
        await customerListener?.value
        await database.shutdown()
    }

    /// Keeps the cache listening for other processes' writes while the stack is open: in place, it makes
    /// every entry stale at each announcement; lost, the cache serves nothing until it is back (retried
    /// each second). Nil when no other process writes the database.
    static func listen(for cache: CustomerViewCache, database: PerennialDatabase, logger: Logger) -> Task<Void, Never>? {
        guard cache.requiresListener else { return nil }
        return Task {
            while !Task.isCancelled {
                do {
                    try await database.listenForCustomerChanges(
                        onListening: { cache.listenerStarted() }, onChange: { cache.invalidateAll() }
                    )
                } catch {
                    if !Task.isCancelled {
                        logger.warning("the customer cache lost its listener; it serves nothing until it is back", metadata: [
                            "error": "\(String(describing: error).prefix(200))",
                        ])
                    }
                }
                cache.listenerLost()
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }
}
