/// How concurrent writes are gathered into shared transactions (group commit): a batch closes once it
/// holds `maxBatch` writes or `maxWait` after its first, whichever comes first; while one batch commits,
/// the next gathers.
public struct GroupCommitSettings: Sendable, Hashable {
    /// The most writes one transaction takes.
    public var maxBatch: Int
    /// How long the first write of a batch waits for others; zero: only those already waiting join.
    public var maxWait: Duration

    public init(maxBatch: Int = 32, maxWait: Duration = .zero) {
        self.maxBatch = max(1, maxBatch)
        self.maxWait = max(.zero, maxWait)
    }

    /// No grouping: each write in a transaction of its own.
    public static let off = GroupCommitSettings(maxBatch: 1, maxWait: .zero)

    /// What a database gets unless configured: SQLite, whose single writer pays one fsync per commit,
    /// groups up to 32 writes, those that arrived while the previous batch committed, without waiting for
    /// more (measured faster than 64 writes or 2 ms, and than smaller batches: BENCHMARKS.md); PostgreSQL,
    /// which commits on many connections at once and measured no gain from grouping, does not.
    public static func defaults(for kind: DatabaseKind) -> GroupCommitSettings {
        kind == .sqlite ? GroupCommitSettings() : .off
    }
}
