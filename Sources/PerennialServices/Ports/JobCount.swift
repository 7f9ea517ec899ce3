import PerennialCore

/// How many jobs of one kind are in one state, for the telemetry's gauges.
public struct JobCount: Sendable, Hashable {
    public var kind: String
    public var state: Job.State
    public var count: Int
    /// The earliest time a job of this kind and state was due to run, among those due by the time asked;
    /// nil when none is due. For waiting jobs, how long work has been kept waiting.
    public var earliestDueAt: Instant?

    public init(kind: String, state: Job.State, count: Int, earliestDueAt: Instant?) {
        self.kind = kind
        self.state = state
        self.count = count
        self.earliestDueAt = earliestDueAt
    }
}
