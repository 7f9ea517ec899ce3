import Foundation
import PerennialCore
import PerennialServices
import SQLiteKit

extension SQLLedger {
    /// The customer and its subscriptions' stored states in one `SELECT` (`CustomerSnapshotStatement`:
    /// customers left-joined to the subscriptions they own), outside any transaction. On an SQLite file it
    /// runs on the calling thread with a statement prepared once (`SQLiteCustomerReader`), or, when that
    /// cannot answer at once, on a read-only connection of SQLiteNIO; on PostgreSQL it is prepared once per
    /// connection. Inside a ledger write it is refused (`StorageError.Code.nestedSession`): read through the
    /// write's session.
    public func customerWithSubscriptions(appID: String, appUserID: String) async throws -> CustomerSnapshot? {
        if case .sqlite(let sqlite) = database.backend, !database.holdsSession,
           let rows = try sqlite.customerSnapshotRows(appID: appID, appUserID: appUserID)
        {
            return try rows.snapshot()
        }
        let rows = try await database.withReadStatement { session in
            var rows = CustomerSnapshotRows()
            switch session.driver {
            case .sqlite(let connection):
                for row in try await connection.query(CustomerSnapshotStatement.sql, [.text(appID), .text(appUserID)]) {
                    rows.customer = try rows.customer ?? Self.customer(row)
                    switch row.column("body") {
                    case .text(let body): rows.bodies.append(body)
                    case .null: break
                    default: throw StorageError(.corruptRecord, "a stored subscription body is not text")
                    }
                }
            case .postgres(let connection):
                let results = try await connection.execute(
                    CustomerSnapshotStatement(appID: appID, appUserID: appUserID), logger: session.logger
                )
                for try await row in results {
                    rows.customer = rows.customer ?? CustomerRecord(
                        appID: row.appID, appUserID: row.appUserID, createdAt: Instant(milliseconds: row.createdAt))
                    if let body = row.body { rows.bodies.append(body) }
                }
            }
            return rows
        }
        return try rows.snapshot()
    }

    /// The customer columns of a row of `CustomerSnapshotStatement` on SQLite, read from the driver's values
    /// directly rather than through `CustomerRecord(row:)`, whose `Decodable` path costs a measurable share of
    /// the busiest read.
    private static func customer(_ row: SQLiteRow) throws -> CustomerRecord {
        guard case .text(let appID) = row.column("app_id"), case .text(let appUserID) = row.column("app_user_id"),
              case .integer(let createdAt) = row.column("created_at")
        else { throw StorageError(.corruptRecord, "a stored customer could not be read") }
        return CustomerRecord(appID: appID, appUserID: appUserID, createdAt: Instant(milliseconds: Int64(createdAt)))
    }
}
