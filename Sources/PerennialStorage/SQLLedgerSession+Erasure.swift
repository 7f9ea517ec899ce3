import Foundation
import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    public func eraseCustomer(appID: String, appUserID: String, pseudonym: String) async throws {
        try await insertDeferredDeliveries()
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
            UPDATE customers SET app_user_id = \(bind: pseudonym), sealed_attributes = NULL, attributes_updated_at = NULL, email_lookup = ''
            WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID)
            """).run()
        for name in names {
            // Deliveries keep the id they were recorded under (an alias's, from before a merge).
            try await sql.raw("""
                UPDATE webhook_deliveries SET app_user_id = \(bind: pseudonym)
                WHERE app_id = \(bind: appID) AND app_user_id = \(bind: name)
                """).run()
            try await scrubDeliveryBodies(appID: appID, naming: name, as: pseudonym)
            try await scrubEventDetails(appID: appID, naming: name, as: pseudonym)
            try await scrubAuditPaths(appID: appID, naming: name, as: pseudonym)
        }
    }

    /// Rewrites the webhook messages of the app that name a customer (as `app_user_id`, an alias, a
    /// transfer's other party or a merge's: `WebhookMessage.renamingCustomer`) to name `pseudonym` instead;
    /// other text that happens to equal the id (a count, a product, an entitlement) is left alone.
    private func scrubDeliveryBodies(appID: String, naming name: String, as pseudonym: String) async throws {
        let spelling = "\"" + String(try JSONBody.encode(name).dropFirst().dropLast()) + "\""
        let rows = try await sql.raw("""
            SELECT id, body FROM webhook_deliveries
            WHERE app_id = \(bind: appID) AND \(unsafeRaw: findFunction)(body, \(bind: spelling)) > 0
            """).all()
        let replacement = "\"" + String(try JSONBody.encode(pseudonym).dropFirst().dropLast()) + "\""
        for row in rows {
            let body = try row.string("body")
            // A body that is no message of this version loses every quoted mention instead: an erasure
            // must not stop at a record it cannot read.
            let renamed = try (try? JSONDecoder().decode(WebhookMessage.self, from: Data(body.utf8)))
                .map { try $0.renamingCustomer(name, to: pseudonym).encoded() }
                ?? body.replacingOccurrences(of: spelling, with: replacement)
            guard renamed != body else { continue }
            try await sql.raw("UPDATE webhook_deliveries SET body = \(bind: renamed) WHERE id = \(bind: try row.int64("id"))").run()
        }
    }

    /// The database's function giving the position of a text in another (0: absent), arguments in that order.
    private var findFunction: String { session.kind == .postgresql ? "strpos" : "instr" }

    /// Rewrites the events whose details name a customer (transfers, merges, on any customer's history:
    /// `LifecycleEvent.renamingCustomer`) to name `pseudonym` instead; their fingerprints follow, since they
    /// are computed from the details.
    private func scrubEventDetails(appID: String, naming name: String, as pseudonym: String) async throws {
        let spelling = String(try JSONBody.encode(name).dropFirst().dropLast())
        let rows = try await sql.raw("""
            SELECT "sequence", body FROM events
            WHERE app_id = \(bind: appID) AND kind IN ('transferred', 'alias_merged')
                AND \(unsafeRaw: findFunction)(body, \(bind: spelling)) > 0
            """).all()
        for row in rows {
            let stored = try JSONBody.decode(LifecycleEvent.self, from: try row.string("body"))
            let event = stored.renamingCustomer(name, to: pseudonym)
            guard event != stored else { continue }
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
