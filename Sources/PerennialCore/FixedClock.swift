import Synchronization

/// A clock that stands still until told to move: the "now" of a one-shot inspection (a CLI's `--at`), and
/// of tests.
public final class FixedClock: Clock {
    private let current: Mutex<Instant>

    public init(_ instant: Instant) {
        current = Mutex(instant)
    }

    public func now() -> Instant { current.withLock { $0 } }

    /// Moves the clock to an instant.
    public func set(_ instant: Instant) { current.withLock { $0 = instant } }

    /// Moves the clock forward.
    public func advance(milliseconds: Int64) { current.withLock { $0 = $0.adding(milliseconds: milliseconds) } }
}
