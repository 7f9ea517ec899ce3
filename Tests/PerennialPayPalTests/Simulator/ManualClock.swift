import PerennialCore
import Synchronization

/// A clock that moves only when a test moves it.
final class ManualClock: Clock, Sendable {
    private let instant: Mutex<Instant>

    init(_ start: Instant) {
        instant = Mutex(start)
    }

    func now() -> Instant {
        instant.withLock { $0 }
    }

    func advance(days: Int) {
        instant.withLock { $0 = $0.adding(milliseconds: Int64(days) * 86_400_000) }
    }

    func advance(milliseconds: Int64) {
        instant.withLock { $0 = $0.adding(milliseconds: milliseconds) }
    }
}
