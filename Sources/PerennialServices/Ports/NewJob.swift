import Foundation
import PerennialCore

/// A job to enqueue.
public struct NewJob: Sendable, Hashable {
    /// What to do, e.g. `receipt.validate`; workers claim jobs by kind.
    public var kind: String
    /// The worker's input. Sealed by the caller when it holds anything secret.
    public var payload: Data
    public var runAt: Instant
    /// Jobs with the same key replace each other while waiting.
    public var deduplicationKey: String?

    public init(kind: String, payload: Data, runAt: Instant, deduplicationKey: String? = nil) {
        self.kind = kind
        self.payload = payload
        self.runAt = runAt
        self.deduplicationKey = deduplicationKey
    }
}
