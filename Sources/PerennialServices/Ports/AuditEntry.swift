import Foundation
import PerennialCore

/// One admin action as the audit log keeps it: who (the app and which of its keys, by fingerprint; or the
/// person signed in to the dashboard), what (method, path with its query, never the body) and when, with the
/// status it got.
public struct AuditEntry: Sendable, Hashable {
    /// Assigned by the log when the entry is recorded; increases with each entry.
    public var id: Int64?
    public var occurredAt: Instant
    public var appID: String
    /// `public` or `secret`.
    public var keyRole: String
    /// The first 12 hexadecimal characters of the key's SHA-256: tells keys apart, never reveals one.
    public var keyFingerprint: String
    public var method: String
    /// The path and query of the request.
    public var path: String
    /// The HTTP status answered; nil while a mutating request is still running (or if it never finished).
    public var status: Int?
    /// The person who acted through the dashboard (`Name <email>`); nil for a request made with an API key.
    public var actor: String?

    public init(
        id: Int64? = nil, occurredAt: Instant, appID: String, keyRole: String, keyFingerprint: String, method: String,
        path: String, status: Int? = nil, actor: String? = nil
    ) {
        self.id = id
        self.occurredAt = occurredAt
        self.appID = appID
        self.keyRole = keyRole
        self.keyFingerprint = keyFingerprint
        self.method = method
        self.path = path
        self.status = status
        self.actor = actor
    }

    /// The fingerprint of an API key: the first 12 hexadecimal characters of its SHA-256.
    public static func fingerprint(ofKey key: String) -> String {
        String(SHA256Hex.digest(key).prefix(12))
    }
}
