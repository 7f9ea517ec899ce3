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
            StatementCounter.note(.sqlite)
            return try rows.snapshot()
        }
        let rows = try await database.withReadStatement { session in
            StatementCounter.note(session.kind)
            var rows = CustomerSnapshotRows()
            switch session.driver {
            case .sqlite(let connection):
                for row in try await connection.query(CustomerSnapshotStatement.sql, [.text(appID), .text(appUserID)]) {
                    try rows.append(Self.customerColumns(row.column))
                }
            case .sqliteWriter(let connection):
                for row in try connection.run(CustomerSnapshotStatement.sql, [.text(appID), .text(appUserID)]) {
                    try rows.append(Self.customerColumns(row.column))
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

    /// A row of `CustomerSnapshotStatement` on SQLite, read from the driver's values (`column`, by name)
    /// directly rather than through `CustomerRecord(row:)`, whose `Decodable` path costs a measurable share of
    /// the busiest read.
    private static func customerColumns(
        _ column: (String) -> SQLiteData?
    ) throws -> (customer: CustomerRecord, body: String?) {
        guard case .text(let appID) = column("app_id"), case .text(let appUserID) = column("app_user_id"),
              case .integer(let createdAt) = column("created_at")
        else { throw StorageError(.corruptRecord, "a stored customer could not be read") }
        let customer = CustomerRecord(appID: appID, appUserID: appUserID, createdAt: Instant(milliseconds: Int64(createdAt)))
        switch column("body") {
        case .text(let body): return (customer, body)
        case .null: return (customer, nil)
        default: throw StorageError(.corruptRecord, "a stored subscription body is not text")
        }
    }
}
