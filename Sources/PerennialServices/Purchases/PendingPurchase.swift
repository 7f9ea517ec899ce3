/// A purchase's input waiting for its store, as stored (sealed: it holds a receipt or signed data) in a
/// job's payload, with what the job needs to find it again.
public protocol PendingPurchase: Codable, Sendable {
    /// The job kind that processes it.
    static var jobKind: String { get }
    /// What it is, for logs ("receipt", "transaction").
    static var noun: String { get }
    var appID: String { get }
    var appUserID: String { get }
    /// One waiting job per key: posting the same input again while it waits replaces it.
    var deduplicationKey: String { get }
}
