import Foundation
import PerennialServices
import PerennialStorage

/// What the killed server left in the database.
struct CrashLeftovers: Sendable, CustomStringConvertible {
    /// Inbox rows by status (`received`: stored, not yet settled).
    var inbox: [String: Int]
    /// Webhook deliveries to the endpoint by state.
    var webhookDeliveries: [String: Int]
    /// `webhook.deliver` jobs by state: a leased one was being sent (or recorded) when the server died, and
    /// goes out again only once its lease has run out.
    var webhookJobs: [String: Int]

    var description: String {
        "inbox \(Self.sorted(inbox)); webhook deliveries \(Self.sorted(webhookDeliveries)), their jobs \(Self.sorted(webhookJobs))"
    }

    private static func sorted(_ counts: [String: Int]) -> String {
        "[" + counts.keys.sorted().map { "\($0): \(counts[$0]!)" }.joined(separator: ", ") + "]"
    }
}

extension CrashSafetyDatabase {
    /// What the killed server left: inbox rows, webhook deliveries and their jobs, by state. On SQLite a copy
    /// of the files is read, so the restarted server itself recovers the write-ahead log the kill left behind.
    func leftoversAfterCrash(appID: String, endpointID: String, scratch: URL) async throws -> CrashLeftovers {
        var url = url
        if kind == .sqlite, let path = url.split(separator: "://", maxSplits: 1).last.map(String.init) {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
                try FileManager.default.copyItem(
                    atPath: path + suffix, toPath: scratch.appendingPathComponent("perennial.sqlite" + suffix).path
                )
            }
            url = "sqlite://" + scratch.appendingPathComponent("perennial.sqlite").path
        }
        let connection = try await PerennialDatabase.open(url: url, postgresMaximumConnections: 1)
        do {
            let rows = try await SQLNotificationInbox(database: connection).notifications(appID: appID, limit: 1_000_000)
            let deliveries = try await SQLLedger(database: connection).read { session in
                try await session.webhookDeliveries(appID: appID, endpointID: endpointID, state: nil, before: nil, limit: 1_000_000)
            }
            let jobs = try await SQLJobQueue(database: connection).jobs(appID: appID, state: nil, limit: 1_000_000)
                .filter { $0.kind == WebhookDeliveryJob.jobKind }
            await connection.shutdown()
            return CrashLeftovers(
                inbox: Dictionary(grouping: rows, by: \.status.rawValue).mapValues(\.count),
                webhookDeliveries: Dictionary(grouping: deliveries, by: \.state.rawValue).mapValues(\.count),
                webhookJobs: Dictionary(grouping: jobs, by: \.state.rawValue).mapValues(\.count)
            )
        } catch {
            await connection.shutdown()
            throw error
        }
    }
}
