import Foundation
import PerennialCore

/// A job to enqueue.
public struct NewJob: Sendable, Hashable {
    /// What to do, e.g. `receipt.validate`; workers claim jobs by kind.
    public var kind: String
    /// The app the job works for (an app's secret key sees its jobs only); nil for work of the whole server.
    public var appID: String?
    /// The worker's input. Sealed by the caller when it holds anything secret.
    public var payload: Data
    public var runAt: Instant
    /// Jobs with the same key replace each other while waiting.
    public var deduplicationKey: String?
    /// What happens when a job already holds the key.
    public var onDuplicate: DuplicatePolicy
    /// Jobs with the same ordering key run one at a time, in `orderingPosition` order: one is claimed only
    /// when no job of its key with a lower position waits or runs (a buried one no longer holds the rest
    /// back). Jobs of different keys run side by side.
    public var orderingKey: String?
    /// The job's place among its key's jobs.
    public var orderingPosition: Int64?

    /// What enqueueing does when a job with the same deduplication key exists.
    public enum DuplicatePolicy: Sendable, Hashable {
        /// The new job replaces a waiting one (newer input wins); a running or buried one gives up the key
        /// and the new job is added.
        case replace
        /// Any job holding the key — waiting (with its backoff), running or buried — stays, and the new one
        /// is dropped: for periodic work that is scheduled again and again.
        case keep
    }

    public init(
        kind: String, appID: String? = nil, payload: Data, runAt: Instant, deduplicationKey: String? = nil,
        onDuplicate: DuplicatePolicy = .replace, orderingKey: String? = nil, orderingPosition: Int64? = nil
    ) {
        self.orderingKey = orderingKey
        self.orderingPosition = orderingPosition
        self.onDuplicate = onDuplicate
        self.kind = kind
        self.appID = appID
        self.payload = payload
        self.runAt = runAt
        self.deduplicationKey = deduplicationKey
    }
}
