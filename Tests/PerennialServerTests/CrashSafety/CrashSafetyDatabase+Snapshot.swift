import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage

/// What the killed server left in the database.
struct CrashLeftovers: Sendable, CustomStringConvertible {
    /// Inbox rows by status (`received`: stored, not yet settled).
    var inbox: [String: Int]
    /// Webhook deliveries to the endpoint by state.
    var webhookDeliveries: [String: Int]
    /// Pending deliveries still leased: each was being sent (or recorded) when the server died, and goes out
    /// again only once its lease has run out.
    var leasedDeliveries: Int

    var description: String {
        "inbox \(Self.sorted(inbox)); webhook deliveries \(Self.sorted(webhookDeliveries)), \(leasedDeliveries) of them leased"
    }

    private static func sorted(_ counts: [String: Int]) -> String {
        "[" + counts.keys.sorted().map { "\($0): \(counts[$0]!)" }.joined(separator: ", ") + "]"
    }
}

extension CrashSafetyDatabase {
    /// What the killed server left: inbox rows and webhook deliveries by state, and the leased deliveries. On SQLite a copy
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
            let (deliveries, pending) = try await SQLLedger(database: connection).read { session in
                (try await session.webhookDeliveries(appID: appID, endpointID: endpointID, state: nil, before: nil, limit: 1_000_000),
                 try await session.pendingWebhookDeliveries(appID: appID, endpointID: endpointID, after: 0, limit: 1_000_000))
            }
            let now = SystemClock().now()
            await connection.shutdown()
            return CrashLeftovers(
                inbox: Dictionary(grouping: rows, by: \.status.rawValue).mapValues(\.count),
                webhookDeliveries: Dictionary(grouping: deliveries, by: \.state.rawValue).mapValues(\.count),
                leasedDeliveries: pending.filter { ($0.leaseExpiresAt ?? now) > now }.count
            )
        } catch {
            await connection.shutdown()
            throw error
        }
    }
}
