import Foundation
import PerennialServices
import PerennialStorage

extension CrashSafetyDatabase {
    /// How many inbox rows the killed server left in each status (`received`: stored, not yet settled). On
    /// SQLite a copy of the files is read, so the restarted server itself recovers the write-ahead log the
    /// kill left behind.
    func inboxStatusesAfterCrash(appID: String, scratch: URL) async throws -> [String: Int] {
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
            await connection.shutdown()
            return Dictionary(grouping: rows, by: \.status.rawValue).mapValues(\.count)
        } catch {
            await connection.shutdown()
            throw error
        }
    }
}
