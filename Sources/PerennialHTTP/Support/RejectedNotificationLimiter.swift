import PerennialCore
import PerennialServices

/// The budget, per source address, of store notifications that fail verification
/// (`RateLimitSettings.rejectedNotificationsPerAddress`). Each notification reserves a token before it is
/// processed and gives it back if it verifies, so only refusals spend the budget, and it holds however many
/// arrive at once.
///
/// Memory stays bounded whatever addresses a flood comes from: past `maximumAddresses`, buckets that have
/// refilled (their address is as if new) are forgotten first, then the least recently used half.
public actor RejectedNotificationLimiter {
    private let limit: RateLimit
    private let clock: any Clock
    private let maximumAddresses: Int
    private var buckets: [ExactString: TokenBucket] = [:]

    public init(limit: RateLimit, clock: any Clock, maximumAddresses: Int = 10_000) {
        self.limit = limit
        self.clock = clock
        self.maximumAddresses = max(1, maximumAddresses)
    }

    /// nil when the address may send another notification, else the seconds until it may.
    public func retryAfter(address: String) -> Int? {
        buckets[ExactString(address)]?.peek(at: clock.now())
    }

    /// Takes a token from the address's budget before its notification is processed, in one step (two
    /// simultaneous notifications cannot both take the last one). False when the budget is spent.
    public func reserve(address: String) -> Bool {
        let now = clock.now()
        let key = ExactString(address)
        var bucket = buckets[key] ?? TokenBucket(limit: limit, now: now)
        let taken = bucket.take(at: now) == nil
        buckets[key] = bucket
        if buckets.count > maximumAddresses { forget(at: now) }
        return taken
    }

    /// Gives back the token `reserve` took, once the notification verified (or failed on this side).
    public func giveBack(address: String) {
        buckets[ExactString(address)]?.giveBack(at: clock.now())
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
