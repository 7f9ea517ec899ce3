import Logging
import PerennialCore
import PerennialServices
import PerennialStorage
import Prometheus

/// The process's telemetry in a Prometheus registry of its own (never the global one, so servers in one
/// process, as in the tests, keep theirs apart): the counters and histograms the services record through
/// `telemetry`, and the gauges read at each scrape — jobs by kind and state and how long the most overdue
/// has waited, the same for each webhook endpoint's pending deliveries, the database's writes waiting for a grouped commit, connections in use and sessions waiting, and each
/// app's active subscriptions by store and state from the metric rollups (a few rows
/// per app and store, never a count of customers).
actor PrometheusTelemetry: TelemetryExposition {
    /// What the services record into.
    nonisolated let telemetry: Telemetry
    private let registry: PrometheusCollectorRegistry
    private let jobs: any JobQueue
    private let database: PerennialDatabase
    private let metrics: MetricsService
    private let apps: [AppSettings]
    private let stores: [Store]
    private let clock: any Clock
    private let logger: Logger
    /// Gauge series set at an earlier scrape, set to 0 when a scrape no longer finds them.
    private var shown: Set<GaugeSeries> = []

    private struct GaugeSeries: Hashable {
        var name: String
        var labels: [String]
    }

    init(database: PerennialDatabase, jobs: any JobQueue, metrics: MetricsService, apps: [AppSettings], stores: [Store], clock: any Clock, logger: Logger) {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Requests and store calls take milliseconds: the default buckets start at 5 ms.
        let fine: [Duration] = [
            .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10),
            .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
            .milliseconds(2500), .seconds(5), .seconds(10), .seconds(30),
        ]
        for family in [
            Telemetry.Family.httpRequestDuration, Telemetry.Family.storeRequestDuration, Telemetry.Family.jobDuration,
            Telemetry.Family.webhookAttemptDuration,
        ] {
            factory.durationHistogramBuckets[family] = fine
        }
        factory.durationHistogramBuckets[Telemetry.Family.webhookDeliveryLag] = [
            .milliseconds(10), .milliseconds(50), .milliseconds(100), .milliseconds(500), .seconds(1), .seconds(5), .seconds(15),
            .seconds(60), .seconds(300), .seconds(900), .seconds(3600), .seconds(4 * 3600), .seconds(24 * 3600),
        ]
        // A statement takes tens of microseconds on SQLite, a round trip more on PostgreSQL.
        factory.durationHistogramBuckets[Telemetry.Family.databaseStatementDuration] = [
            .microseconds(25), .microseconds(50), .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
            .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(100), .milliseconds(500),
            .seconds(1), .seconds(5),
        ]
        self.registry = registry
        telemetry = Telemetry(factory: factory)
        database.recordStatements(in: telemetry)
        self.jobs = jobs
        self.database = database
        self.metrics = metrics
        self.apps = apps
        self.stores = stores
        self.clock = clock
        self.logger = logger
    }

    func exposition() async -> [UInt8] {
        var current: [GaugeSeries: Double] = [:]
        let now = clock.now()
        do {
            for count in try await jobs.counts(now: now) {
                current[GaugeSeries(name: Telemetry.Family.jobs, labels: [count.kind, count.state.rawValue]), default: 0] += Double(count.count)
                if count.state == .waiting {
                    let overdue = count.earliestDueAt.map { Double(max(0, now.milliseconds - $0.milliseconds)) / 1000 } ?? 0
                    current[GaugeSeries(name: Telemetry.Family.jobsOverdue, labels: [count.kind])] = overdue
                }
            }
        } catch {
            logger.warning("metrics: the job counts could not be read", metadata: ["error_type": "\(type(of: error))"])
        }
        do {
            for count in try await SQLLedger(database: database).read({ try await $0.webhookOutboxCounts(now: now) }) {
                let labels = [count.appID, count.endpointID]
                current[GaugeSeries(name: Telemetry.Family.webhookDeliveriesPending, labels: labels)] = Double(count.pending)
                current[GaugeSeries(name: Telemetry.Family.webhookDeliveriesOverdue, labels: labels)] =
                    count.earliestDueAt.map { Double(max(0, now.milliseconds - $0.milliseconds)) / 1000 } ?? 0
            }
        } catch {
            logger.warning("metrics: the webhook outbox could not be read", metadata: ["error_type": "\(type(of: error))"])
        }
        await readActiveSubscriptions(into: &current, today: CivilDate(utcDayOf: now))
        let load = await database.load()
        let kind = database.kind.rawValue
        current[GaugeSeries(name: Telemetry.Family.databaseWritesWaiting, labels: [kind])] = Double(load.writesWaiting)
        if let inUse = load.connectionsInUse, let connections = load.connections {
            current[GaugeSeries(name: Telemetry.Family.databaseConnectionsInUse, labels: [kind])] = Double(inUse)
            current[GaugeSeries(name: Telemetry.Family.databaseConnections, labels: [kind])] = Double(connections)
        }
        if let waiting = load.sessionsWaiting {
            current[GaugeSeries(name: Telemetry.Family.databaseSessionsWaiting, labels: [kind])] = Double(waiting)
        }
        for series in shown.subtracting(current.keys) { gauge(series).set(to: 0) }
        for (series, value) in current { gauge(series).set(to: value) }
        shown.formUnion(current.keys)
        return registry.emitToBuffer()
    }

    /// Each app's active subscriptions today, by store, environment and state (`xcode` left out: local
    /// StoreKit testing never reaches a server).
    private func readActiveSubscriptions(into current: inout [GaugeSeries: Double], today: CivilDate) async {
        for app in apps {
            for store in stores {
                for environment in [StoreEnvironment.production, .sandbox] {
                    do {
                        let points = try await metrics.series(
                            app: app, name: "active_subscriptions", from: today, through: today, interval: .day,
                            filters: MetricFilters(environment: environment, store: store))
                        guard let values = points?.last?.values else { continue }
                        for state in ["trial", "paid", "grace_period", "billing_retry"] {
                            let labels = [app.id, store.rawValue, environment.rawValue, state]
                            current[GaugeSeries(name: Telemetry.Family.activeSubscriptions, labels: labels)] = Double(values[state, default: 0])
                        }
                    } catch {
                        logger.warning("metrics: active subscriptions could not be read", metadata: [
                            "app": "\(app.id)", "store": "\(store.rawValue)", "error_type": "\(type(of: error))",
                        ])
                    }
                }
            }
        }
    }

    private func gauge(_ series: GaugeSeries) -> Prometheus.Gauge {
        let (names, help): ([String], String) = switch series.name {
        case Telemetry.Family.jobs: (["kind", "state"], "Jobs in the queue by kind and state.")
        case Telemetry.Family.jobsOverdue:
            (["kind"], "How long the longest-waiting due job of the kind has waited past its time to run.")
        case Telemetry.Family.webhookDeliveriesPending: (["app", "endpoint"], "Webhook deliveries owed to the endpoint, not yet delivered.")
        case Telemetry.Family.webhookDeliveriesOverdue:
            (["app", "endpoint"], "How long the endpoint's longest-waiting delivery that may be sent has waited past its time.")
        case Telemetry.Family.databaseWritesWaiting: (["database"], "Writes waiting for a grouped commit.")
        case Telemetry.Family.databaseConnectionsInUse:
            (["database"], "Connections lent to a request or job now: SQLite's readers, PostgreSQL's pool.")
        case Telemetry.Family.databaseConnections: (["database"], "Connections there are at most: SQLite's readers, PostgreSQL's pool size.")
        case Telemetry.Family.databaseSessionsWaiting: (["database"], "PostgreSQL: requests and jobs waiting for a connection of the pool.")
        default: (["app", "store", "environment", "state"], "Active subscriptions by app, store, environment and state, from the metric rollups.")
        }
        return registry.makeGauge(
            descriptor: MetricNameDescriptor(metricName: series.name, unitName: "", helpText: help),
            labels: Array(zip(names, series.labels)))
    }
}
