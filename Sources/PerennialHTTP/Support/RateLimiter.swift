import PerennialCore
import PerennialServices

/// The per-app, per-key request budgets (token buckets). There is one bucket per configured app and
/// `RateLimitBucket` at most, created on first use, so memory stays bounded whatever keys or app ids clients
/// send: requests naming no configured app draw on no bucket.
public actor RateLimiter {
    private struct Key: Hashable {
        var appID: ExactString
        var bucket: RateLimitBucket
    }

    private var limits: [ExactString: RateLimitSettings]
    private let defaults: RateLimitSettings
    private let clock: any Clock
    private var buckets: [Key: TokenBucket] = [:]

    /// - Parameters:
    ///   - apps: the configured apps; each uses its own `rateLimits`, else `defaults`.
    ///   - defaults: the server's budgets.
    ///   - clock: the time buckets refill by.
    public init(apps: [AppSettings], defaults: RateLimitSettings, clock: any Clock) {
        self.defaults = defaults
        limits = Self.limits(of: apps, defaults: defaults)
        self.clock = clock
    }

    /// Takes the apps of a reloaded configuration: an app whose budgets changed, or that is gone, loses its
    /// buckets (a changed one starts full at its new limits); the others keep theirs.
    public func update(apps: [AppSettings]) {
        let next = Self.limits(of: apps, defaults: defaults)
        buckets = buckets.filter { key, _ in next[key.appID] != nil && next[key.appID] == limits[key.appID] }
        limits = next
    }

    private static func limits(of apps: [AppSettings], defaults: RateLimitSettings) -> [ExactString: RateLimitSettings] {
        Dictionary(apps.map { (ExactString($0.id), $0.rateLimits ?? defaults) }, uniquingKeysWith: { first, _ in first })
    }

    /// Takes one request from the app's bucket. Returns nil when the request may pass, else the whole
    /// seconds (at least 1) after which it may be retried. An app that is not configured is never limited.
    public func take(appID: String, bucket: RateLimitBucket) -> Int? {
        guard let settings = limits[ExactString(appID)] else { return nil }
        let key = Key(appID: ExactString(appID), bucket: bucket)
        let now = clock.now()
        var state = buckets[key] ?? TokenBucket(limit: Self.limit(of: bucket, in: settings), now: now)
        let retryAfter = state.take(at: now)
        buckets[key] = state
        return retryAfter
    }

    /// Whether the app's bucket has a request left, without taking it: nil if so, else the seconds to wait.
    /// A bucket not yet created is full.
    public func peek(appID: String, bucket: RateLimitBucket) -> Int? {
        buckets[Key(appID: ExactString(appID), bucket: bucket)]?.peek(at: clock.now())
    }

    /// How many buckets exist (for tests of the memory bound).
    public var bucketCount: Int { buckets.count }

    private static func limit(of bucket: RateLimitBucket, in settings: RateLimitSettings) -> RateLimit {
        switch bucket {
        case .publicKey: settings.publicKey
        case .secretKey: settings.secretKey
        case .notifications: settings.notifications
        }
    }
}
