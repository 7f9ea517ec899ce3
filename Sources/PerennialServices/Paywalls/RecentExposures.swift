import Synchronization

/// The exposures this server recorded lately, so a customer who opens the same paywall again is not
/// written again: an exposure row is kept for each distinct thing served (placement, revision, paywall,
/// arm, request context), not for every request. Bounded: forgotten all at once when full, which costs a
/// duplicate row at worst (results count a customer's first exposure only).
final class RecentExposures: Sendable {
    private let keys = Mutex<Set<String>>([])
    private let capacity: Int

    init(capacity: Int = 200_000) {
        self.capacity = capacity
    }

    /// Whether `key` is new (and remembers it).
    func isNew(_ key: String) -> Bool {
        keys.withLock { keys in
            if keys.count >= capacity { keys.removeAll(keepingCapacity: true) }
            return keys.insert(key).inserted
        }
    }

    /// Forgets `key` (its write failed).
    func forget(_ key: String) {
        _ = keys.withLock { $0.remove(key) }
    }
}
