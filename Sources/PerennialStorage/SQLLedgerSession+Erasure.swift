import Foundation
import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    public func eraseCustomer(appID: String, appUserID: String, pseudonym: String) async throws {
        let names = [appUserID] + (try await aliases(appID: appID, appUserID: appUserID))
        for key in try await subscriptionKeys(appID: appID, ownedBy: appUserID) {
            try await lockSubscription(appID: appID, subscription: key)
        }
        for table in ["store_tokens", "account_tokens", "engagement_signals"] {
            try await sql.raw("""
                DELETE FROM \(unsafeRaw: table) WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID)
                """).run()
        }
        try await renameAppUserID(appID: appID, from: appUserID, to: pseudonym)
        try await sql.raw("""
            DELETE FROM customer_aliases WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID)
            """).run()
        try await sql.raw("""
            UPDATE customers SET app_user_id = \(bind: pseudonym), sealed_attributes = NULL, attributes_updated_at = NULL
            WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID)
            """).run()
        for name in names {
            try await scrubEventDetails(appID: appID, naming: name, as: pseudonym)
            try await scrubAuditPaths(appID: appID, naming: name, as: pseudonym)
        }
    }

    /// The database's function giving the position of a text in another (0: absent), arguments in that order.
    private var findFunction: String { session.kind == .postgresql ? "strpos" : "instr" }

    /// Rewrites the events whose details name a customer (transfers, merges, on any customer's history) to
    /// name `pseudonym` instead; their fingerprints follow, since they are computed from the details.
    private func scrubEventDetails(appID: String, naming name: String, as pseudonym: String) async throws {
        let spelling = String(try JSONBody.encode(name).dropFirst().dropLast())
        let rows = try await sql.raw("""
            SELECT "sequence", body FROM events
            WHERE app_id = \(bind: appID) AND kind IN ('transferred', 'alias_merged')
                AND \(unsafeRaw: findFunction)(body, \(bind: spelling)) > 0
            """).all()
        for row in rows {
            var event = try JSONBody.decode(LifecycleEvent.self, from: try row.string("body"))
            guard event.details.values.contains(where: { $0.isExactly(name) }) || event.subscription.id.isExactly(name) else { continue }
            event.details = event.details.mapValues { $0.isExactly(name) ? pseudonym : $0 }
            if event.subscription.store == .identity, event.subscription.id.isExactly(name) {
                event.subscription = SubscriptionKey(store: .identity, id: pseudonym)
            }
            try await sql.raw("""
                UPDATE events SET body = \(bind: try JSONBody.encode(event)), fingerprint = \(bind: event.fingerprint),
                    subscription_id = \(bind: event.subscription.id)
                WHERE "sequence" = \(bind: try row.int64("sequence"))
                """).run()
        }
    }

    /// Rewrites the audit log's paths that name a customer (`…/customers/<id>…`, as sent: raw, or
    /// percent-encoded as clients do, everything but RFC 3986's unreserved characters or what paths allow) to
    /// name `pseudonym`.
    private func scrubAuditPaths(appID: String, naming name: String, as pseudonym: String) async throws {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        var spellings = [name]
        for allowed in [unreserved, CharacterSet.urlPathAllowed.subtracting(["/"])] {
            if let encoded = name.addingPercentEncoding(withAllowedCharacters: allowed), !spellings.contains(where: { $0.isExactly(encoded) }) {
                spellings.append(encoded)
            }
        }
        for spelling in spellings {
            let segment = "/customers/" + spelling
            try await sql.raw("""
                UPDATE audit_log SET path = REPLACE(path, \(bind: segment), \(bind: "/customers/" + pseudonym))
                WHERE app_id = \(bind: appID) AND \(unsafeRaw: findFunction)(path, \(bind: segment)) > 0
                """).run()
        }
    }
}
