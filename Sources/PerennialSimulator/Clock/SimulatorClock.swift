import PerennialCore
import Synchronization

/// The simulated App Store's clock: `now = start + real time elapsed × rate + manual advances`.
///
/// With rate 0 (`SimulatorTimeScale.manual`) time moves only through `advance(by:)`, which keeps tests
/// deterministic. Thread-safe: the state is guarded by a `Mutex`.
public final class SimulatorClock: PerennialCore.Clock, Sendable {
    private struct State {
        /// The simulated instant at `realAnchor`, manual advances included.
        var anchor: Instant
        var realAnchor: ContinuousClock.Instant
        var rate: Double
    }

    private let state: Mutex<State>

    /// A clock that starts at `start` and runs `rate` simulated seconds per real second (0: manual only).
    /// A rate that is negative or not finite is taken as 0.
    public init(start: Instant, rate: Double) {
        let safeRate = rate.isFinite && rate > 0 ? rate : 0
        state = Mutex(State(anchor: start, realAnchor: ContinuousClock.now, rate: safeRate))
    }

    /// The clock a configuration asks for: its start (default: the wall clock) and its time scale's rate.
    public convenience init(configuration: SimulatorConfiguration) {
        self.init(start: configuration.start ?? SystemClock().now(), rate: configuration.timeScale.rate)
    }

    /// Simulated seconds per real second.
    public var rate: Double { state.withLock { $0.rate } }

    /// The current simulated instant.
    public func now() -> Instant {
        state.withLock { Self.current($0) }
    }

    /// Moves simulated time forward (a negative duration is ignored). Returns the new now.
    @discardableResult
    public func advance(by duration: Duration) -> Instant {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Self.clamped(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
        return advance(milliseconds: milliseconds)
    }

    /// Moves simulated time forward by milliseconds (a negative amount is ignored). Returns the new now.
    @discardableResult
    public func advance(milliseconds: Int64) -> Instant {
        state.withLock { state in
            state.anchor = state.anchor.adding(milliseconds: max(0, milliseconds))
            return Self.current(state)
        }
    }

    /// Changes how fast time runs from now on (0: manual only).
    public func setRate(_ rate: Double) {
        state.withLock { state in
            let now = ContinuousClock.now
            state.anchor = Self.current(state, at: now)
            state.realAnchor = now
            state.rate = rate.isFinite && rate > 0 ? rate : 0
        }
    }

    private static func current(_ state: State, at realNow: ContinuousClock.Instant = .now) -> Instant {
        guard state.rate > 0 else { return state.anchor }
        let (seconds, attoseconds) = (realNow - state.realAnchor).components
        let realMilliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return state.anchor.adding(milliseconds: clamped(realMilliseconds * state.rate))
    }

    /// A millisecond count that cannot trap when converted: NaN is 0, huge values stop at ±2^62.
    static func clamped(_ milliseconds: Double) -> Int64 {
        guard milliseconds.isFinite else { return 0 }
        let limit = Double(Int64(1) << 62)
        return Int64(min(max(milliseconds, -limit), limit))
    }
}
