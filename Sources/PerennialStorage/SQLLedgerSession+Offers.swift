import PerennialCore
import PerennialServices
import SQLKit

extension SQLLedgerSession {
    public func recordOfferSignature(_ record: OfferSignatureRecord) async throws {
        try await sql.raw("""
            INSERT INTO offer_signatures (app_id, app_user_id, product_id, offer_id, nonce, format, key_id, signed_at)
            VALUES (\(bind: record.appID), \(bind: record.appUserID), \(bind: record.productID), \(bind: record.offerID),
                    \(bind: record.nonce), \(bind: record.format), \(bind: record.keyID), \(bind: record.signedAt.milliseconds))
            ON CONFLICT (app_id, nonce) DO NOTHING
            """).run()
    }

    public func offerSignatures(appID: String, appUserID: String) async throws -> [OfferSignatureRecord] {
        try await sql.raw("""
            SELECT * FROM offer_signatures WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID)
            ORDER BY signed_at, nonce
            """).all().map { row in
            OfferSignatureRecord(
                appID: try row.string("app_id"), appUserID: try row.string("app_user_id"), productID: try row.string("product_id"),
                offerID: try row.string("offer_id"), nonce: try row.string("nonce"), format: try row.string("format"),
                keyID: try row.string("key_id"), signedAt: Instant(milliseconds: try row.int64("signed_at"))
            )
        }
    }
}

extension SQLLedgerSession {
    public func recordOfferGrant(_ grant: OfferGrantRecord) async throws {
        try await sql.raw("""
            INSERT INTO offer_grants (app_id, app_user_id, product_id, offer_id, reason, granted_at, expires_at)
            VALUES (\(bind: grant.appID), \(bind: grant.appUserID), \(bind: grant.productID), \(bind: grant.offerID),
                    \(bind: grant.reason), \(bind: grant.grantedAt.milliseconds), \(bind: grant.expiresAt.milliseconds))
            """).run()
    }

    public func offerGrants(appID: String, appUserID: String) async throws -> [OfferGrantRecord] {
        try await sql.raw("""
            SELECT * FROM offer_grants WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID)
            ORDER BY granted_at
            """).all().map { row in
            OfferGrantRecord(
                appID: try row.string("app_id"), appUserID: try row.string("app_user_id"), productID: try row.string("product_id"),
                offerID: try row.string("offer_id"), reason: try row.string("reason"),
                grantedAt: Instant(milliseconds: try row.int64("granted_at")), expiresAt: Instant(milliseconds: try row.int64("expires_at"))
            )
        }
    }
}

extension SQLLedgerSession {
    public func saveEngagementSignals(appID: String, appUserID: String, _ signals: EngagementSignals) async throws {
        try await sql.raw("""
            INSERT INTO engagement_signals (app_id, app_user_id, body, reported_at)
            VALUES (\(bind: appID), \(bind: appUserID), \(bind: try JSONBody.encode(signals)), \(bind: signals.reportedAt.milliseconds))
            ON CONFLICT (app_id, app_user_id) DO UPDATE SET body = excluded.body, reported_at = excluded.reported_at
            WHERE engagement_signals.reported_at <= excluded.reported_at
            """).run()
    }

    public func engagementSignals(appID: String, appUserID: String) async throws -> EngagementSignals? {
        try await sql.raw("""
            SELECT body FROM engagement_signals WHERE app_id = \(bind: appID) AND app_user_id = \(bind: appUserID)
            """).first().map { try JSONBody.decode(EngagementSignals.self, from: try $0.string("body")) }
    }
}
