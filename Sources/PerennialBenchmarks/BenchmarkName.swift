/// The benchmarks `perennial-bench` knows, one per hot path.
public enum BenchmarkName: String, CaseIterable, Sendable {
    /// Verify and decode a signed transaction, chain cached, on one core.
    case jwsVerify = "jws-verify"
    /// Version 1 promotional-offer signatures, on one core.
    case offerSign = "offer-sign"
    /// Decode a verifyReceipt body and fold it into subscription states (50 and 500 entries).
    case receiptFold = "receipt-fold"
    /// Rebuild subscription states from stored facts (10,000 and 100,000 customers).
    case engineReplay = "engine-replay"
    /// `GET /v1/customers/{id}` over loopback HTTP, SQLite and PostgreSQL.
    case entitlementsHTTP = "entitlements-http"
    /// Signed version 2 notifications accepted over loopback HTTP, durably stored, SQLite and PostgreSQL.
    case notificationsHTTP = "notifications-http"
    /// `perennial replay` of every subscription in the HTTP benchmarks' databases (after their HTTP
    /// benchmarks), SQLite and PostgreSQL.
    case ledgerReplay = "ledger-replay"
    /// The metric routes' queries over a million customers' rollups, SQLite and PostgreSQL.
    case metrics
    /// The same server answering a constant route: the framework's ceiling on this machine.
    case helloHTTP = "hello-http"
    /// notifications-http with a webhook endpoint on loopback: its rate beside notifications-http's,
    /// deliveries per second, and the time from an event's commit to its delivery, SQLite and PostgreSQL.
    case webhooks
    /// What one customer read records in the metrics, into a Prometheus registry, on one core.
    case telemetryRecord = "telemetry-record"
    /// `GET /v1/customers/{id}/paywall` over loopback HTTP, its rounds in turn with entitlements-http-warm's
    /// over the same warm customers (`--hot-customers`, 1,000 when not given), SQLite and PostgreSQL.
    case paywallHTTP = "paywall-http"

    /// Whether the benchmark runs an HTTP server against a database.
    public var servesHTTP: Bool {
        switch self {
        case .entitlementsHTTP, .notificationsHTTP, .helloHTTP, .ledgerReplay, .webhooks, .paywallHTTP: true
        case .jwsVerify, .offerSign, .receiptFold, .engineReplay, .metrics, .telemetryRecord: false
        }
    }
}
