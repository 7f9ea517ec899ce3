import Foundation
import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerTransaction {
    /// The stored customer, if any.
    public func customer(appID: String, appUserID: String) async throws -> CustomerRecord? {
        guard let row = try await sql.raw("""
            SELECT app_id, app_user_id, created_at, sealed_receipt_token, receipt_updated_at FROM customers
            WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID)
            """).first()
        else { return nil }
        return try CustomerRecord(row: row)
    }

    /// Inserts the customer if absent; an existing customer keeps its `createdAt`.
    public func findOrCreateCustomer(appID: String, appUserID: String, createdAt: Instant) async throws
        -> CustomerRecord
    {
        try await sql.raw("""
            INSERT INTO customers (app_id, app_user_id, created_at)
            VALUES (\(bind: appID), \(bind: appUserID), \(bind: createdAt.milliseconds))
            ON CONFLICT (app_id, app_user_id) DO NOTHING
            """).run()
        guard let customer = try await customer(appID: appID, appUserID: appUserID) else {
            throw StorageError(.corruptRecord, "a customer just inserted could not be read back")
        }
        return customer
    }

    /// Stores the receipt token, creating the customer (with `createdAt = updatedAt`) when absent.
    ///
    /// A token older than the stored one (an earlier `updatedAt`) is ignored, so replaying inputs in any
    /// order leaves the latest receipt.
    public func setReceiptToken(appID: String, appUserID: String, sealedToken: Data, updatedAt: Instant)
        async throws
    {
        try await sql.raw("""
            INSERT INTO customers (app_id, app_user_id, created_at, sealed_receipt_token, receipt_updated_at)
            VALUES (\(bind: appID), \(bind: appUserID), \(bind: updatedAt.milliseconds), \(bind: sealedToken),
                    \(bind: updatedAt.milliseconds))
            ON CONFLICT (app_id, app_user_id) DO UPDATE SET
                sealed_receipt_token = excluded.sealed_receipt_token,
                receipt_updated_at = excluded.receipt_updated_at
            WHERE customers.receipt_updated_at IS NULL
                OR customers.receipt_updated_at <= excluded.receipt_updated_at
            """).run()
    }
}
