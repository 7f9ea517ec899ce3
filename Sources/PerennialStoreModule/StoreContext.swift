import Logging
import PerennialCore
import PerennialOutbound
import PerennialServices

/// What the server gives a store's module to build its parts: the stores it shares (ledger, job queue,
/// sealed secrets), how to reach the store, and the server's settings a store's clients follow.
public struct StoreContext: Sendable {
    /// The configured apps (each with its settings of the stores that keep theirs in `AppSettings`).
    public var apps: [AppSettings]
    public var ledger: any Ledger
    public var jobs: any JobQueue
    public var secrets: SecretBox
    /// How to reach the store (metered; the simulator's transport in tests).
    public var transport: any HTTPTransport
    /// The immediate retries of a call to the store before its work is queued.
    public var retryPolicy: RetryPolicy
    /// How long one call to the store may take.
    public var timeout: Duration
    /// How long a purchase the app posts waits for the store before it is queued (`server.purchase_patience`).
    public var purchasePatience: Duration
    /// Where the store's periodic work records its cursors (how far a catch-up read).
    public var pollSchedule: any PollSchedule
    /// Where configuration problems found while building the store's parts are reported (/health).
    public var health: AppHealth
    public var telemetry: Telemetry
    public var clock: any Clock
    public var logger: Logger

    public init(
        apps: [AppSettings], ledger: any Ledger, jobs: any JobQueue, secrets: SecretBox, transport: any HTTPTransport,
        retryPolicy: RetryPolicy, timeout: Duration, purchasePatience: Duration, pollSchedule: any PollSchedule, health: AppHealth,
        telemetry: Telemetry, clock: any Clock, logger: Logger
    ) {
        self.apps = apps
        self.ledger = ledger
        self.jobs = jobs
        self.secrets = secrets
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.timeout = timeout
        self.purchasePatience = purchasePatience
        self.pollSchedule = pollSchedule
        self.health = health
        self.telemetry = telemetry
        self.clock = clock
        self.logger = logger
    }
}
