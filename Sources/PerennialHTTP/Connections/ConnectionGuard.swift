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
    public let limits: ConnectionLimits
    private let logger: Logger
    private let connections = Mutex<[ObjectIdentifier: TrackedConnection]>([:])
    private let sweepInterval: Duration

    public init(limits: ConnectionLimits, logger: Logger, sweepInterval: Duration = .milliseconds(250)) {
        self.limits = limits
        self.logger = logger
        self.sweepInterval = sweepInterval
    }

    /// How many connections are open.
    public var openConnections: Int { connections.withLock { $0.count } }

    /// Sweeps until the service is cancelled or the server shuts down gracefully.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                self.closeExpired(now: .now)
                try? await Task.sleep(for: self.sweepInterval)
            }
        }
    }

    /// Starts following a new connection; closes another (or this one) if the maximum is reached.
    func opened(_ channel: any Channel) -> TrackedConnection {
        let tracked = TrackedConnection(channel: channel, openedAt: .now)
        let victim: (any Channel)? = connections.withLock { connections in
            connections[ObjectIdentifier(channel)] = tracked
            guard connections.count > limits.maxConnections else { return nil }
            let waiting = connections.values.map { ($0, $0.progress) }
                .filter { $0.1.isWaitingForClient && $0.0 !== tracked }
            return (waiting.min { $0.1.since < $1.1.since }?.0 ?? tracked).channel
        }
        if let victim {
            logger.info("connection closed to make room", metadata: ["max_connections": "\(limits.maxConnections)"])
            victim.close(promise: nil)
        }
        return tracked
    }

    /// Forgets a closed connection.
    func closed(_ channel: any Channel) {
        _ = connections.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Closes every connection whose deadline is before `now`.
    func closeExpired(now: ContinuousClock.Instant) {
        let expired = connections.withLock { connections in
            connections.values.map { ($0.channel, $0.progress) }.filter { $0.1.deadline(limits).map { $0 < now } ?? false }
        }
        for (channel, progress) in expired {
            logger.debug("connection timed out", metadata: ["phase": "\(progress.phase)"])
            channel.close(promise: nil)
        }
    }
}
