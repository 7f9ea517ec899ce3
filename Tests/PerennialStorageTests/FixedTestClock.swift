import PerennialCore
import Synchronization

/// A clock that says what the test tells it to.
final class FixedTestClock: Clock {
    private let current: Mutex<Instant>

    init(_ milliseconds: Int64 = 0) {
        current = Mutex(Instant(milliseconds: milliseconds))
    }

    func now() -> Instant { current.withLock { $0 } }

    func set(_ milliseconds: Int64) {
        current.withLock { $0 = Instant(milliseconds: milliseconds) }
    }
}
