import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    public func customerAttributes(appID: String, appUserID: String) async throws -> SealedAttributes? {
        guard let row = try await sql.raw("""
            SELECT sealed_attributes, attributes_updated_at FROM customers
            WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID)
            """).first(),
            let updatedAt = try row.optionalInt64("attributes_updated_at")
        else { return nil }
        return SealedAttributes(sealed: try row.data("sealed_attributes"), updatedAt: Instant(milliseconds: updatedAt))
    }

    public func saveCustomerAttributes(appID: String, appUserID: String, _ attributes: SealedAttributes) async throws {
        try await sql.raw("""
            INSERT INTO customers (app_id, app_user_id, created_at, sealed_attributes, attributes_updated_at)
            VALUES (\(bind: appID), \(bind: appUserID), \(bind: attributes.updatedAt.milliseconds),
                    \(bind: attributes.sealed), \(bind: attributes.updatedAt.milliseconds))
            ON CONFLICT (app_id, app_user_id) DO UPDATE SET
                sealed_attributes = excluded.sealed_attributes, attributes_updated_at = excluded.attributes_updated_at
            """).run()
    }
}
