import Foundation
import PerennialCore
import PerennialServices
import SQLiteKit

extension SQLLedger {
    /// The customer and its subscriptions' stored states in one `SELECT` (`CustomerSnapshotStatement`:
    /// customers left-joined to the subscriptions they own), outside any transaction: on an SQLite file it
    /// runs on a read-only connection; on PostgreSQL it is prepared once per connection.
    public func customerWithSubscriptions(appID: String, appUserID: String) async throws -> CustomerSnapshot? {
        try await database.withReadStatement { session in
            var customer: CustomerRecord?
            var bodies: [String] = []
            switch session.connection {
            case .sqlite(let connection):
                let rows = try await connection.query(CustomerSnapshotStatement.sql, [.text(appID), .text(appUserID)])
                for row in rows {
                    customer = try customer ?? Self.customer(row)
                    switch row.column("body") {
                    case .text(let body): bodies.append(body)
                    case .null: break
                    default: throw StorageError(.corruptRecord, "a stored subscription body is not text")
                    }
                }
            case .postgres(let connection):
                let rows = try await connection.execute(
                    CustomerSnapshotStatement(appID: appID, appUserID: appUserID), logger: session.logger
                )
                for try await row in rows {
                    customer = customer ?? CustomerRecord(
                        appID: row.appID, appUserID: row.appUserID, createdAt: Instant(milliseconds: row.createdAt),
                        sealedReceiptToken: row.sealedReceiptToken,
                        receiptUpdatedAt: row.receiptUpdatedAt.map(Instant.init(milliseconds:))
                    )
                    if let body = row.body { bodies.append(body) }
                }
            }
            guard let customer else { return nil }
            let subscriptions = try bodies.map { try JSONBody.decodeSubscriptionState(from: $0) }
                // Sorted here, not in SQL: PostgreSQL's collation may order text differently from Swift.
                .sorted { $0.key < $1.key }
            return CustomerSnapshot(customer: customer, subscriptions: subscriptions)
        }
    }

    /// The customer columns of a row of `CustomerSnapshotStatement` on SQLite, read from the driver's values
    /// directly rather than through `CustomerRecord(row:)`, whose `Decodable` path costs a measurable share of
    /// the busiest read.
    private static func customer(_ row: SQLiteRow) throws -> CustomerRecord {
        guard case .text(let appID) = row.column("app_id"), case .text(let appUserID) = row.column("app_user_id"),
              case .integer(let createdAt) = row.column("created_at")
        else { throw StorageError(.corruptRecord, "a stored customer could not be read") }
        let token: Data?
        switch row.column("sealed_receipt_token") {
        case .blob(let bytes): token = Data(bytes.readableBytesView)
        case .null: token = nil
        default: throw StorageError(.corruptRecord, "a stored receipt token is not a blob")
        }
        let receiptUpdatedAt: Instant?
        switch row.column("receipt_updated_at") {
        case .integer(let milliseconds): receiptUpdatedAt = Instant(milliseconds: Int64(milliseconds))
        case .null: receiptUpdatedAt = nil
        default: throw StorageError(.corruptRecord, "a stored receipt date is not an integer")
        }
        return CustomerRecord(
            appID: appID, appUserID: appUserID, createdAt: Instant(milliseconds: Int64(createdAt)),
            sealedReceiptToken: token, receiptUpdatedAt: receiptUpdatedAt
        )
    }
}
