import Foundation
import PerennialCore

/// A job as stored in the queue.
public struct Job: Sendable, Hashable {
    public enum State: String, Sendable, Hashable {
        case waiting
        case leased
        /// Waiting behind an earlier job of its ordering key (`NewJob.orderingKey`): never claimed until that
        /// job completes or is buried, when the next of the key becomes `waiting`.
        case held
        /// The dead-letter state: kept with its last error, listed, re-queueable, never run on its own.
        case buried
    }

    public var id: Int64
    public var kind: String
    /// The app the job works for; nil for work of the whole server.
    public var appID: String?
    public var payload: Data
    public var runAt: Instant
    /// How many times a worker has claimed it.
    public var attempts: Int
    public var state: State
    public var lastError: String?
    public var createdAt: Instant
    /// The key the job runs in order with (`NewJob.orderingKey`).
    public var orderingKey: String?

    public init(
        id: Int64, kind: String, appID: String? = nil, payload: Data, runAt: Instant, attempts: Int, state: State,
        lastError: String?, createdAt: Instant, orderingKey: String? = nil
    ) {
        self.orderingKey = orderingKey
        self.id = id
        self.kind = kind
        self.appID = appID
        self.payload = payload
        self.runAt = runAt
        self.attempts = attempts
        self.state = state
        self.lastError = lastError
        self.createdAt = createdAt
    }
}
