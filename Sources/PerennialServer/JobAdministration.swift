import Logging
import PerennialCore
import PerennialServices
import PerennialStorage

/// `perennial jobs`: the job queue of the configured database, for operators — every app's jobs, or one's.
public enum JobAdministration {
    /// Jobs, oldest first, filtered by app and state.
    public static func list(
        _ overrides: PerennialServer.Overrides, appID: String?, state: Job.State?, limit: Int,
        logger: Logger = Logger(label: "perennial")
    ) async throws -> [Job] {
        try await withQueue(overrides, logger: logger) { queue in
            try await queue.jobs(appID: appID, state: state, limit: limit)
        }
    }

    /// Puts buried jobs back in the queue, due now; returns those re-queued (ids that are not buried jobs are
    /// left out). With `allBuried`, every buried job (of `appID` when given).
    public static func retry(
        _ overrides: PerennialServer.Overrides, jobIDs: [Int64], allBuried: Bool, appID: String?,
        logger: Logger = Logger(label: "perennial")
    ) async throws -> [Job] {
        try await withQueue(overrides, logger: logger) { queue in
            var ids = jobIDs
            if allBuried { ids += try await queue.jobs(appID: appID, state: .buried, limit: 100_000).map(\.id) }
            var requeued: [Job] = []
            for id in ids {
                if let job = try await queue.requeue(jobID: id, appID: appID, runAt: SystemClock().now()) { requeued.append(job) }
            }
            return requeued
        }
    }

    private static func withQueue<Result: Sendable>(
        _ overrides: PerennialServer.Overrides, logger: Logger, _ body: @Sendable (SQLJobQueue) async throws -> Result
    ) async throws -> Result {
        let configuration = try PerennialServer.configuration(overrides)
        let database = try await PerennialDatabase.open(url: configuration.server.databaseURL, logger: logger)
        do {
            _ = try await Migrations.migrate(database)
            let result = try await body(SQLJobQueue(database: database))
            await database.shutdown()
            return result
        } catch {
            await database.shutdown()
            throw error
        }
    }
}
