import PerennialHTTP
import PerennialServices
import PerennialStorage

/// How `perennial serve` runs: where it listens and where it keeps its data.
public struct ServerSettings: Sendable, Hashable {
    /// Default 127.0.0.1; use 0.0.0.0 to listen on every interface.
    public var host: String = "127.0.0.1"
    /// Default 8080.
    public var port: Int = 8080
    /// Default `sqlite://perennial.sqlite` (a file in the working directory).
    public var databaseURL: String = "sqlite://perennial.sqlite"
    /// The file holding the master key that encrypts secrets at rest, created with mode 0600 on first run
    /// when PERENNIAL_MASTER_KEY is not set. Default `perennial.key`.
    public var masterKeyFile: String = "perennial.key"
    /// During a key rotation, the file holding the master key being replaced (`server.previous_master_key_file`,
    /// or `PERENNIAL_PREVIOUS_MASTER_KEY`): values it sealed still open until `perennial keys rotate` re-sealed them.
    public var previousMasterKeyFile: String?
    /// PostgreSQL: the most connections one process opens (`server.database_pool_size`); requests beyond it
    /// wait for one. SQLite ignores it. Default 32.
    public var databasePoolSize: Int = 32
    /// How store notifications share transactions (`server.group_commit: {max_batch, max_wait_ms}`); nil:
    /// the database's defaults (SQLite: a batch closes after 64 writes or 2 ms; PostgreSQL: off).
    public var groupCommit: GroupCommitSettings?
    /// Whether `GET /v1/customers/{id}` is answered from a cache of this process (`server.customer_cache`,
    /// on unless false). On SQLite it assumes one serving process per file; on PostgreSQL each process
    /// hears the others' writes through `LISTEN`/`NOTIFY`, and serves nothing from it while not listening.
    public var customerCache: Bool?
    /// How webhooks are sent (`server.webhooks`).
    public var webhooks = WebhookSettings()
    /// How failed jobs are retried and when they are buried (`server.jobs`).
    public var jobs = JobRetryPolicy()
    /// The largest request body accepted, in bytes (`server.max_body_bytes`); larger ones get 413
    /// `payload_too_large`. Default 8 MB: base64 receipts with long purchase histories reach a few megabytes.
    public var maxBodyBytes: Int = 8 * 1024 * 1024
    /// The request budgets every app gets unless it sets its own (`server.rate_limit`).
    public var rateLimits = RateLimitSettings()
    /// How long clients may take to send requests, how long idle connections stay open, and how many are
    /// open at once (`server.timeouts`, `server.max_connections`).
    public var connections = ConnectionLimits()
    /// How much of the notifications that fail verification each app keeps (`server.rejected_notifications`).
    public var rejectedNotifications = RejectedNotificationRetention()
    /// The header a reverse proxy in front of Perennial puts the client's address in (`X-Forwarded-For`;
    /// the last address in it is used: the one the proxy added). Unset: the connection's peer address.
    /// Set it only behind a proxy that sets the header, or clients can name any address.
    public var trustedProxyHeader: String?
    /// How long an app posting a purchase waits for the store before it is answered 202 pending and the
    /// purchase is queued (`server.purchase_patience_seconds`, 1 to 120). Default 5 s: apps give up long
    /// before a store's own timeouts and retries run out.
    public var purchasePatience: Duration = PurchaseSubmitter.defaultPatience
    /// `GET /metrics` (`server.metrics`): on by default, for the same machine or a scraper with the token.
    public var metrics = TelemetrySettings()
    /// The deployment owner's token (`server.owner_token_file` or `PERENNIAL_OWNER_TOKEN`, at least 32
    /// characters), which `POST /v1/admin/reload` asks for; nil: that route answers nobody (SIGHUP still reloads).
    public var ownerToken: String?
    /// OpenTelemetry traces (`server.tracing`): off by default.
    public var tracing = TracingSettings()
    /// The RevenueCat-compatible listener (`server.revenuecat`); nil: none.
    public var revenueCat: RevenueCatSettings?

    /// An owner token shorter than this is refused: it opens every app's configuration.
    static let minimumOwnerTokenLength = 32

    public init() {}
}
