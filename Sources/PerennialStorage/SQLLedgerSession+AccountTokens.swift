import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    public func linkAccountToken(appID: String, token: String, appUserID: String, linkedAt: Instant) async throws {
        try await sql.raw("""
            INSERT INTO account_tokens (app_id, token, app_user_id, linked_at)
            VALUES (\(bind: appID), \(bind: token), \(bind: appUserID), \(bind: linkedAt.milliseconds))
            ON CONFLICT (app_id, token) DO UPDATE SET app_user_id = excluded.app_user_id, linked_at = excluded.linked_at
            """).run()
    }

    public func appUserID(appID: String, accountToken: String) async throws -> String? {
        try await sql.raw("""
            SELECT app_user_id FROM account_tokens WHERE app_id = \(bind: appID) AND token = \(bind: accountToken)
            """).first().map { try $0.string("app_user_id") }
    }
}

extension SQLLedgerSession {
    public func appUserIDs(appID: String, after: String?, limit: Int) async throws -> [String] {
        try await sql.raw("""
            SELECT app_user_id FROM customers WHERE app_id = \(bind: appID) AND app_user_id > \(bind: after ?? "")
            ORDER BY app_user_id LIMIT \(bind: max(1, limit))
            """).all().map { try $0.string("app_user_id") }
    }
}
