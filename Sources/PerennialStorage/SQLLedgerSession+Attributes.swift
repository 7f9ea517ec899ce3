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
            INSERT INTO customers (app_id, app_user_id, created_at, sealed_attributes, attributes_updated_at, email_lookup)
            VALUES (\(bind: appID), \(bind: appUserID), \(bind: attributes.updatedAt.milliseconds),
                    \(bind: attributes.sealed), \(bind: attributes.updatedAt.milliseconds), \(bind: attributes.emailLookup))
            ON CONFLICT (app_id, app_user_id) DO UPDATE SET
                sealed_attributes = excluded.sealed_attributes, attributes_updated_at = excluded.attributes_updated_at,
                email_lookup = excluded.email_lookup
            """).run()
    }

    public func customers(appID: String, emailLookups: [String], limit: Int) async throws -> [String] {
        let lookups = emailLookups.filter { !$0.isEmpty }
        guard !lookups.isEmpty else { return [] }
        return try await sql.raw("""
            SELECT app_user_id FROM customers
            WHERE app_id = \(bind: appID) AND email_lookup IN (\(lookups.map { "\(bind: $0)" as SQLQueryString }.joined(separator: ", ")))
            ORDER BY app_user_id LIMIT \(bind: Int64(max(1, limit)))
            """).all().map { try $0.string("app_user_id") }
    }

    public func customersWithoutEmailLookup(appID: String, limit: Int) async throws -> [(appUserID: String, attributes: SealedAttributes)] {
        try await sql.raw("""
            SELECT app_user_id, sealed_attributes, attributes_updated_at FROM customers
            WHERE app_id = \(bind: appID) AND sealed_attributes IS NOT NULL AND email_lookup IS NULL
            ORDER BY app_user_id LIMIT \(bind: Int64(max(1, limit)))
            """).all().map { row in
                (try row.string("app_user_id"), SealedAttributes(
                    sealed: try row.data("sealed_attributes"),
                    updatedAt: Instant(milliseconds: try row.optionalInt64("attributes_updated_at") ?? 0)))
            }
    }

    public func setEmailLookup(appID: String, appUserID: String, _ lookup: String) async throws {
        try await sql.raw("""
            UPDATE customers SET email_lookup = \(bind: lookup) WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID)
            """).run()
    }
}
