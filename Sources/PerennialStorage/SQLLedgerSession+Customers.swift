import Foundation
import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// The stored customer, if any.
    public func customer(appID: String, appUserID: String) async throws -> CustomerRecord? {
        guard let row = try await sql.raw("""
            SELECT app_id, app_user_id, created_at FROM customers
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

    /// Stores the store token, creating the customer (with `createdAt = updatedAt`) when absent.
    ///
    /// A token older than the stored one of the same store and kind (an earlier `updatedAt`) is ignored, so
    /// replaying inputs in any order leaves the latest.
    public func setStoreToken(appID: String, appUserID: String, _ token: StoreToken) async throws {
        try await sql.raw("""
            INSERT INTO customers (app_id, app_user_id, created_at)
            VALUES (\(bind: appID), \(bind: appUserID), \(bind: token.updatedAt.milliseconds))
            ON CONFLICT (app_id, app_user_id) DO NOTHING
            """).run()
        try await sql.raw("""
            INSERT INTO store_tokens (app_id, app_user_id, store, kind, sealed_token, updated_at)
            VALUES (\(bind: appID), \(bind: appUserID), \(bind: token.store.rawValue), \(bind: token.kind.rawValue),
                    \(bind: token.sealed), \(bind: token.updatedAt.milliseconds))
            ON CONFLICT (app_id, app_user_id, store, kind) DO UPDATE SET
                sealed_token = excluded.sealed_token, updated_at = excluded.updated_at
            WHERE store_tokens.updated_at <= excluded.updated_at
            """).run()
    }

    /// The customer's token of a store and kind, if stored.
    public func storeToken(appID: String, appUserID: String, store: Store, kind: StoreToken.Kind) async throws -> StoreToken? {
        guard let row = try await sql.raw("""
            SELECT sealed_token, updated_at FROM store_tokens
            WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID)
                AND store = \(bind: store.rawValue) AND kind = \(bind: kind.rawValue)
            """).first()
        else { return nil }
        return StoreToken(
            store: store, kind: kind, sealed: try row.data("sealed_token"),
            updatedAt: Instant(milliseconds: try row.int64("updated_at")))
    }
}
