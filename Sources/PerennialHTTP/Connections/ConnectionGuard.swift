import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// Enforces `ConnectionLimits` on every connection of one server: follows each connection's progress (told
/// by the handlers `GuardedHTTP1Channel` puts in its pipeline), closes those past their phase's deadline,
/// and when a connection arrives beyond the maximum, closes the one that has waited longest for its client.
///
/// Run it as one of the application's services: its `run` sweeps for expired deadlines four times a second.
public final class ConnectionGuard: Service, Sendable {
    private struct Entry {
        let channel: any Channel
        var progress: ConnectionProgress
    }

    public let limits: ConnectionLimits
    private let logger: Logger
    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])
    private let sweepInterval: Duration

    public init(limits: ConnectionLimits, logger: Logger, sweepInterval: Duration = .milliseconds(250)) {
        self.limits = limits
        self.logger = logger
        self.sweepInterval = sweepInterval
    }

    /// How many connections are open.
    public var openConnections: Int { entries.withLock { $0.count } }

    /// Sweeps until the service is cancelled or the server shuts down gracefully.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                self.closeExpired(now: .now)
                try? await Task.sleep(for: self.sweepInterval)
            }
        }
    }

    /// Records a new connection; closes another (or this one) if the maximum is reached.
    func opened(_ channel: any Channel) {
        let now = ContinuousClock.now
        let victim: (any Channel)? = entries.withLock { entries in
            entries[ObjectIdentifier(channel)] = Entry(channel: channel, progress: ConnectionProgress(openedAt: now))
            guard entries.count > limits.maxConnections else { return nil }
            let waiting = entries.filter { $0.value.progress.isWaitingForClient && $0.key != ObjectIdentifier(channel) }
            let slowest = waiting.min { $0.value.progress.since < $1.value.progress.since }
            return (slowest?.value ?? entries[ObjectIdentifier(channel)])?.channel
        }
        if let victim {
            logger.info("connection closed to make room", metadata: ["max_connections": "\(limits.maxConnections)"])
            victim.close(promise: nil)
        }
    }

    /// Forgets a closed connection.
    func closed(_ channel: any Channel) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Applies `change` to the connection's progress.
    func update(_ channel: any Channel, _ change: (inout ConnectionProgress, ContinuousClock.Instant) -> Void) {
        let now = ContinuousClock.now
        entries.withLock { entries in
            guard var entry = entries[ObjectIdentifier(channel)] else { return }
            change(&entry.progress, now)
            entries[ObjectIdentifier(channel)] = entry
        }
    }

    /// Closes every connection whose deadline is before `now`.
    func closeExpired(now: ContinuousClock.Instant) {
        let expired = entries.withLock { entries in
            entries.values.filter { entry in entry.progress.deadline(limits).map { $0 < now } ?? false }
        }
        for entry in expired {
            logger.debug("connection timed out", metadata: ["phase": "\(entry.progress.phase)"])
            entry.channel.close(promise: nil)
        }
    }
}
