import PerennialCore
import PerennialServices
@testable import PerennialStorage
import SQLKit

/// After a crash-safety run, once the servers are stopped: every job ran to its end. None was buried (a
/// job that failed for good), and none that was due is still waiting, or leased past its lease (a job the
/// killed server held is taken again once its lease runs out, which may come after the servers stopped: such
/// a lease is not counted, whatever the job's due time). A job finished is deleted, and a job enqueued twice for one
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
        let leaseEnds = try await leaseExpiries(in: database)
        let left = jobs.filter { job in
            let deadline = job.state == .leased ? leaseEnds[job.id] ?? job.runAt.milliseconds : job.runAt.milliseconds
            return job.state == .buried || deadline < now.milliseconds - Self.slack
        }
        return Dictionary(grouping: left, by: { "\($0.kind) \($0.state.rawValue)" }).sorted { $0.key < $1.key }.map { key, jobs in
            "\(jobs.count) \(key) jobs left (due since \(jobs.map(\.runAt).min().map(String.init(describing:)) ?? "-"); "
                + "last error: \(jobs.compactMap(\.lastError).first ?? "none"))"
        }
    }

    /// When each leased job's lease runs out, by id (the queue's `Job` does not carry it).
    private func leaseExpiries(in database: PerennialDatabase) async throws -> [Int64: Int64] {
        try await database.withSession { session in
            let rows = try await session.sql.raw("""
                SELECT id, lease_expires_at FROM jobs WHERE state = 'leased' AND lease_expires_at IS NOT NULL
                """).all()
            return try Dictionary(uniqueKeysWithValues: rows.map {
                (try $0.decode(column: "id", as: Int64.self), try $0.decode(column: "lease_expires_at", as: Int64.self))
            })
        }
    }
}
