import Hummingbird
import PerennialServices

/// `GET /v1/admin/audit?limit=N`: the app's own audit log (admin requests: who, what, when, status), newest
/// first, secret key only. Keys appear as fingerprints (the first 12 hexadecimal characters of their SHA-256).
struct AdminAuditRoutes {
    let auditLog: any AuditLog

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("audit") { request, context -> AuditListResponse in
            let app = try context.requireSecretKey()
            let limit = request.limit()
            let entries = try await auditLog.entries(appID: app.id, limit: limit)
            return AuditListResponse(entries: entries.map(AuditListResponse.Item.init))
        }
    }
}

/// The body of `GET /v1/admin/audit`.
struct AuditListResponse: ResponseEncodable {
    struct Item: Encodable {
        var occurredAt: String
        var occurredAtMilliseconds: Int64
        var keyRole: String
        var keyFingerprint: String
        var method: String
        var path: String
        var status: Int?

        init(_ entry: AuditEntry) {
            occurredAt = entry.occurredAt.iso8601
            occurredAtMilliseconds = entry.occurredAt.milliseconds
            keyRole = entry.keyRole
            keyFingerprint = entry.keyFingerprint
            method = entry.method
            path = entry.path
            status = entry.status
        }

        enum CodingKeys: String, CodingKey {
            case method, path, status
            case occurredAt = "occurred_at", occurredAtMilliseconds = "occurred_at_ms", keyRole = "key_role"
            case keyFingerprint = "key_fingerprint"
        }
    }

    var entries: [Item]
}
