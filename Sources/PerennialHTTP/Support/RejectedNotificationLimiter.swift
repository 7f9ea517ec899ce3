import PerennialCore
import PerennialServices

/// The budget, per source address, of store notifications that fail verification
/// (`RateLimitSettings.rejectedNotificationsPerAddress`). An address is charged only for a notification
/// refused with a 4xx, so the store's own addresses, whose notifications verify, are never limited here.
///
/// Memory stays bounded whatever addresses a flood comes from: past `maximumAddresses`, buckets that have
/// refilled (their address is as if new) are forgotten first, then the least recently used half.
public actor RejectedNotificationLimiter {
    private let limit: RateLimit
    private let clock: any Clock
    private let maximumAddresses: Int
    private var buckets: [String: TokenBucket] = [:]

    public init(limit: RateLimit, clock: any Clock, maximumAddresses: Int = 10_000) {
        self.limit = limit
        self.clock = clock
        self.maximumAddresses = max(1, maximumAddresses)
    }

    /// nil when the address may send another notification, else the seconds until it may.
    public func retryAfter(address: String) -> Int? {
        buckets[address]?.peek(at: clock.now())
    }

    /// Charges the address for a notification that failed verification.
    public func charge(address: String) {
        let now = clock.now()
        var bucket = buckets[address] ?? TokenBucket(limit: limit, now: now)
        _ = bucket.take(at: now)
        buckets[address] = bucket
        if buckets.count > maximumAddresses { forget(at: now) }
    }

    /// How many addresses are tracked (for tests of the memory bound).
    public var addressCount: Int { buckets.count }

    private func forget(at now: Instant) {
        buckets = buckets.filter { !$0.value.isFull(at: now) }
        guard buckets.count > maximumAddresses else { return }
        let newest = buckets.sorted { $0.value.refilledAt.milliseconds > $1.value.refilledAt.milliseconds }
        buckets = Dictionary(uniqueKeysWithValues: newest.prefix(maximumAddresses / 2).map { ($0.key, $0.value) })
    }
}
