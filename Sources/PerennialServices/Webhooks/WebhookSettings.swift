/// How Perennial sends webhooks (`webhooks:` in the configuration's `server` section).
public struct WebhookSettings: Sendable, Hashable {
    /// The longest one attempt may take, connection included. Default 15 s.
    public var timeout: Duration
    /// How long a delivery is retried before it becomes a dead letter, and how long an endpoint may fail
    /// every attempt before Perennial disables it. Default 3 days.
    public var retryWindow: Duration
    /// The delay after the first failure; each later failure doubles it (with jitter). Default 5 s.
    public var firstRetryDelay: Duration
    /// The longest delay between two attempts. Default 1 hour.
    public var maximumRetryDelay: Duration
    /// Whether endpoints may point at loopback, private or link-local addresses. Default false.
    public var allowsPrivateAddresses: Bool
    /// How many deliveries run at once (of different customers or endpoints). Default 8.
    public var workers: Int
    /// How often idle workers look for due deliveries. Default 100 ms.
    public var pollInterval: Duration

    public init(
        timeout: Duration = .seconds(15), retryWindow: Duration = .seconds(3 * 86_400), firstRetryDelay: Duration = .seconds(5),
        maximumRetryDelay: Duration = .seconds(3600), allowsPrivateAddresses: Bool = false, workers: Int = 8,
        pollInterval: Duration = .milliseconds(100)
    ) {
        self.timeout = timeout
        self.retryWindow = retryWindow
        self.firstRetryDelay = firstRetryDelay
        self.maximumRetryDelay = maximumRetryDelay
        self.allowsPrivateAddresses = allowsPrivateAddresses
        self.workers = workers
        self.pollInterval = pollInterval
    }

    /// The largest part of a receiver's answer read (the rest is dropped): 64 KiB.
    public static let maximumResponseBytes = 64 * 1024
}
