import CoreMetrics
import PerennialOutbound
import PerennialCore

/// Perennial's operational metrics (what `GET /metrics` shows), recorded through swift-metrics into the
/// factory given: Prometheus's in `perennial serve`, nothing when telemetry is off (`Telemetry.off`).
///
/// Every family and its labels are named here and only here, so a family always carries the same label
/// names (Prometheus refuses a family whose label names change), and no label takes its value from what a
/// client sent: route templates, stores, job kinds and error codes are closed sets.
public struct Telemetry: Sendable {
    /// The family names, for the exposition's histogram buckets and for tests.
    public enum Family {
        public static let httpRequests = "perennial_http_requests_total"
        public static let httpRequestDuration = "perennial_http_request_duration_seconds"
        public static let notificationsReceived = "perennial_notifications_received_total"
        public static let notificationsAccepted = "perennial_notifications_accepted_total"
        public static let notificationsRejected = "perennial_notifications_rejected_total"
        public static let jobsFinished = "perennial_jobs_finished_total"
        public static let jobDuration = "perennial_job_duration_seconds"
        public static let webhookAttempts = "perennial_webhook_attempts_total"
        public static let webhookAttemptDuration = "perennial_webhook_attempt_duration_seconds"
        public static let webhookDeliveryLag = "perennial_webhook_delivery_lag_seconds"
        public static let storeRequests = "perennial_store_requests_total"
        public static let storeRequestDuration = "perennial_store_request_duration_seconds"
        public static let verifications = "perennial_verifications_total"
        public static let customerCache = "perennial_customer_cache_lookups_total"
        public static let databaseStatementDuration = "perennial_database_statement_duration_seconds"
        // Gauges, read at each scrape by the exposition.
        public static let jobs = "perennial_jobs"
        public static let jobsOverdue = "perennial_jobs_overdue_seconds"
        public static let webhookDeliveriesPending = "perennial_webhook_deliveries_pending"
        public static let webhookDeliveriesOverdue = "perennial_webhook_deliveries_overdue_seconds"
        public static let databaseWritesWaiting = "perennial_database_writes_waiting"
        public static let databaseConnectionsInUse = "perennial_database_connections_in_use"
        public static let databaseConnections = "perennial_database_connections"
        public static let databaseSessionsWaiting = "perennial_database_sessions_waiting"
        public static let activeSubscriptions = "perennial_active_subscriptions"

        /// Every family, for the tests that hold the deployment's dashboard and alerts to what is exposed.
        public static let all: Set<String> = [
            httpRequests, httpRequestDuration, notificationsReceived, notificationsAccepted, notificationsRejected, jobsFinished,
            jobDuration, webhookAttempts, webhookAttemptDuration, webhookDeliveryLag, storeRequests, storeRequestDuration,
            verifications, customerCache, databaseStatementDuration, jobs, jobsOverdue, webhookDeliveriesPending, webhookDeliveriesOverdue,
            databaseWritesWaiting, databaseConnectionsInUse, databaseConnections,
            databaseSessionsWaiting,
            activeSubscriptions,
        ]
    }

    /// The handles recorded into; nil when off, so that recording nothing costs nothing.
    let handles: TelemetryHandles?

    /// Records into `factory`.
    public init(factory: any MetricsFactory) {
        handles = TelemetryHandles(factory: factory)
    }

    private init() {
        handles = nil
    }

    /// Records nothing.
    public static let off = Telemetry()

    /// Adds one to a counter family's series of these labels.
    func count(_ family: String, _ labels: [(String, String)]) {
        handles?.counter(family, labels).increment()
    }

    /// Adds a duration to a histogram family's series of these labels.
    func time(_ family: String, _ labels: [(String, String)], _ duration: Duration) {
        handles?.timer(family, labels).recordSeconds(max(0, duration.seconds))
    }

    /// An HTTP request answered: `route` is the matched route's template (`/v1/customers/{id}`), never the
    /// path; `unmatched` when no route matched.
    public func request(route: String, method: String, status: Int, duration: Duration) {
        count(Family.httpRequests, [("route", route), ("method", method), ("status", String(status))])
        time(Family.httpRequestDuration, [("route", route), ("method", method)], duration)
    }

    /// A store notification arrived (from the store's request, or pulled from its queue).
    public func notificationReceived(store: Store) {
        count(Family.notificationsReceived, [("store", store.rawValue)])
    }

    /// A store notification the store was answered for: `processed` (its facts ingested now), `repeat` (a
    /// body or notification id seen before), or `queued` (stored, to be processed by a job).
    public func notificationAccepted(store: Store, outcome: String) {
        count(Family.notificationsAccepted, [("store", store.rawValue), ("outcome", outcome)])
    }

    /// A store notification refused, with the error code that says why.
    public func notificationRejected(store: Store, reason: String) {
        count(Family.notificationsRejected, [("store", store.rawValue), ("reason", reason)])
    }

    /// A statement sent to the database (`sqlite` or `postgresql`) and answered, its rows read, in `duration`.
    public func databaseStatement(database: String, duration: Duration) {
        time(Family.databaseStatementDuration, [("database", database)], duration)
    }

    /// A job ran to `outcome`: `completed`, `retried`, `buried` or
    /// `interrupted` (by shutdown).
    public func jobFinished(kind: String, outcome: String, duration: Duration) {
        count(Family.jobsFinished, [("kind", kind), ("outcome", outcome)])
        time(Family.jobDuration, [("kind", kind)], duration)
    }

    /// A webhook attempt ended: `delivered`, `retry` or `failed` (a dead letter). `lag`, for a delivered
    /// one: from the delivery's creation (the event's write) to the start of the attempt that delivered it.
    public func webhookAttempt(outcome: String, duration: Duration, lag: Duration?) {
        count(Family.webhookAttempts, [("outcome", outcome)])
        time(Family.webhookAttemptDuration, [("outcome", outcome)], duration)
        if let lag { time(Family.webhookDeliveryLag, [], lag) }
    }

    /// A call to a store's API ended: `outcome` is the status class (`2xx`, `4xx`, `5xx`) or why no answer
    /// came (the `HTTPTransportError` code: `timeout`, `connection`, `invalid_request`, `response_too_large`,
    /// `other`).
    public func storeRequest(store: String, endpoint: String, outcome: String, duration: Duration) {
        count(Family.storeRequests, [("store", store), ("endpoint", endpoint), ("outcome", outcome)])
        time(Family.storeRequestDuration, [("store", store), ("endpoint", endpoint)], duration)
    }

    /// Signed or receipt data checked: `kind` names what (`app_store_receipt`, `app_store_transaction`,
    /// `<store>_notification`), `outcome` is `verified` or the error code that refused it.
    public func verification(kind: String, outcome: String) {
        count(Family.verifications, [("kind", kind), ("outcome", outcome)])
    }

    /// A customer view looked up in the process's cache.
    public func customerCacheLookup(hit: Bool) {
        count(Family.customerCache, [("result", hit ? "hit" : "miss")])
    }
}
