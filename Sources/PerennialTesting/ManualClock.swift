import PerennialCore
import Synchronization

/// A clock that moves only when a test moves it.
public final class ManualClock: Clock, Sendable {
    private let instant: Mutex<Instant>

    public init(_ start: Instant) {
        instant = Mutex(start)
    }

    public func now() -> Instant {
        instant.withLock { $0 }
    }

    public func advance(days: Int) {
        instant.withLock { $0 = $0.adding(milliseconds: Int64(days) * 86_400_000) }
    }

    public func advance(milliseconds: Int64) {
        instant.withLock { $0 = $0.adding(milliseconds: milliseconds) }
    }
}
