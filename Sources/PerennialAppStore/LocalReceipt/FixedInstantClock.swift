import PerennialCore

/// A clock that always reads one instant: the CLI's "now", passed in.
struct FixedInstantClock: PerennialCore.Clock {
    var instant: Instant

    func now() -> Instant { instant }
}
