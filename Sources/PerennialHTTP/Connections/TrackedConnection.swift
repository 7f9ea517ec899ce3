import NIOCore
import Synchronization

/// One connection's progress, shared by its two pipeline observers and the guard's sweep. Its own lock, so
/// the observers (one update per read, request boundary or response end) never contend with other
/// connections for the guard's table.
final class TrackedConnection: Sendable {
    let channel: any Channel
    private let state: Mutex<ConnectionProgress>

    init(channel: any Channel, openedAt: ContinuousClock.Instant) {
        self.channel = channel
        state = Mutex(ConnectionProgress(openedAt: openedAt))
    }

    /// The progress as it stands.
    var progress: ConnectionProgress { state.withLock { $0 } }

    /// Applies `change` to the progress at the current instant.
    func update(_ change: (inout ConnectionProgress, ContinuousClock.Instant) -> Void) {
        let now = ContinuousClock.now
        state.withLock { change(&$0, now) }
    }
}
