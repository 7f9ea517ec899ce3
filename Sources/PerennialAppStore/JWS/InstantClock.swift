import PerennialCore

/// A clock that always reads one instant: the "now" a one-shot inspection runs at.
struct InstantClock: Clock {
    let instant: Instant

    func now() -> Instant { instant }
}
