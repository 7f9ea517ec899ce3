import PerennialCore
import PerennialServices
import PerennialStorage

/// After a crash-safety run, once the servers are stopped: every job ran to its end. None was buried (a
/// job that failed for good), and none that was due is still waiting or leased (a job the killed server held
/// is taken again once its lease runs out). A job finished is deleted, and a job enqueued twice for one
/// purpose shares its dedup key, so what is left tells a job that never ran or never finished.
struct JobAudit {
    /// How long before the audit a job may have become due without being run yet (the last moments before
    /// the servers stopped).
    static let slack: Int64 = 60_000

    let appID: String
    let now: Instant

    /// One line per kind and state of job left that should not be, none when every job ran.
    func problems(in database: PerennialDatabase) async throws -> [String] {
        let jobs = try await SQLJobQueue(database: database).jobs(appID: nil, state: nil, limit: 1_000_000)
            .filter { $0.appID == nil || $0.appID == appID }
        let left = jobs.filter { $0.state == .buried || $0.runAt.milliseconds < now.milliseconds - Self.slack }
        return Dictionary(grouping: left, by: { "\($0.kind) \($0.state.rawValue)" }).sorted { $0.key < $1.key }.map { key, jobs in
            "\(jobs.count) \(key) jobs left (due since \(jobs.map(\.runAt).min().map(String.init(describing:)) ?? "-"); "
                + "last error: \(jobs.compactMap(\.lastError).first ?? "none"))"
        }
    }
}
