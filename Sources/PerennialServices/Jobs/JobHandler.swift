/// The work of one kind of job. The runner claims due jobs of the kinds its handlers name and calls them.
///
/// Jobs run at least once: a handler may see a job again after a crash or an expired lease, so its effect
/// must be the same however often it runs (ingestion is: facts merge, events are a function of them).
public protocol JobHandler: Sendable {
    /// The kind of job this handler runs (`receipt.validate`, …).
    var kind: String { get }

    /// Runs one job. A transient `PerennialError` (`isTransient`: unavailable, bad gateway, internal), or an
    /// error that is not a `PerennialError`, is retried with backoff; any other `PerennialError` is a verdict
    /// and buries the job at once.
    func run(_ job: Job) async throws
}
