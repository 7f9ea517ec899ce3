import Foundation

/// The wall clock.
public struct SystemClock: Clock {
    public init() {}
    public func now() -> Instant { Instant(Date()) }
}
