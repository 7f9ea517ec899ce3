import PerennialCore
import SQLKit

extension SQLLedgerSession {
    /// Inserts subscriptions that are not stored yet, with their owners, a few hundred per statement (what
    /// `saveSubscription` writes for each): for `perennial-bench metrics`, which loads a million at once.
    package func insertSubscriptions(appID: String, _ rows: [(owner: String, state: SubscriptionState)], updatedAt: Instant) async throws {
        for start in stride(from: 0, to: rows.count, by: 500) {
            var statement: SQLQueryString = """
                INSERT INTO subscriptions (app_id, store, subscription_id, owner_app_user_id, body, status,
                                           expires_at, will_renew, updated_at) VALUES
                """
            for (index, row) in rows[start..<min(start + 500, rows.count)].enumerated() {
                statement += index == 0 ? " " : ", "
                statement += """
                    (\(bind: appID), \(bind: row.state.key.store.rawValue), \(bind: row.state.key.id), \(bind: row.owner),
                     \(bind: try JSONBody.encode(row.state)), \(bind: row.state.status.rawValue),
                     \(bind: row.state.expiresAt?.milliseconds), \(bind: row.state.willRenew ? 1 : 0), \(bind: updatedAt.milliseconds))
                    """
            }
            statement += " ON CONFLICT (app_id, store, subscription_id) DO NOTHING"
            try await sql.raw(statement).run()
        }
    }
}
