import Logging
import PerennialCore
import PerennialOutbound
import PerennialServices

/// What the server gives a store's module to build its parts: the stores it shares (ledger, job queue,
/// sealed secrets), how to reach the store, and the server's settings a store's clients follow.
public struct StoreContext: Sendable {
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
    public var clock: any Clock
    public var logger: Logger

    public init(
        ledger: any Ledger, jobs: any JobQueue, secrets: SecretBox, transport: any HTTPTransport, retryPolicy: RetryPolicy,
        timeout: Duration, purchasePatience: Duration, clock: any Clock, logger: Logger
    ) {
        self.ledger = ledger
        self.jobs = jobs
        self.secrets = secrets
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.timeout = timeout
        self.purchasePatience = purchasePatience
        self.clock = clock
        self.logger = logger
    }
}
