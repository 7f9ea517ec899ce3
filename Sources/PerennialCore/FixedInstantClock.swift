/// A clock that always reads one instant: the "now" of a one-shot inspection (a CLI's `--at`).
public struct FixedInstantClock: Clock {
    public var instant: Instant

    public init(instant: Instant) {
        self.instant = instant
    }

    public func now() -> Instant { instant }
}
