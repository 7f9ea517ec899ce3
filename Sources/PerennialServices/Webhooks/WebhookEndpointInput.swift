import PerennialCore

/// What a team sets on an endpoint, from the admin API or the configuration; nil fields are left as they
/// are (on creation: `kinds` all, enabled, no headers, no description).
public struct WebhookEndpointInput: Sendable, Hashable {
    public var url: String?
    public var kinds: [String]?
    public var isEnabled: Bool?
    public var headers: [String: String]?
    public var description: String?

    public init(url: String? = nil, kinds: [String]? = nil, isEnabled: Bool? = nil, headers: [String: String]? = nil, description: String? = nil) {
        self.url = url
        self.kinds = kinds
        self.isEnabled = isEnabled
        self.headers = headers
        self.description = description
    }

    /// The kinds an endpoint may ask for: every lifecycle event kind, and `test`.
    public static let knownKinds: Set<String> = Set(LifecycleEventKind.allCases.map(\.rawValue)).union([testKind])
    /// The kind of the message `POST /v1/admin/webhooks/{id}/test` sends.
    public static let testKind = "test"
    /// Headers Perennial sets itself, which an endpoint's extra headers may not replace.
    static let reservedHeaders: Set<String> = [
        "content-type", "content-length", "host", "user-agent", "connection", "transfer-encoding", "webhook-id",
        "webhook-timestamp", "webhook-signature", "expect", "te", "upgrade", "keep-alive", "proxy-authorization",
    ]

    /// Throws `invalid_webhook_endpoint`, naming the field, unless every field given is acceptable (the
    /// URL's form only; where it points is `WebhookURLRule`'s).
    public func validate() throws {
        if let url { _ = try WebhookURLRule.host(of: url) }
        if let kinds {
            guard kinds.count <= Self.knownKinds.count else { throw invalid("kinds lists too many kinds") }
            for kind in kinds where !Self.knownKinds.contains(kind) {
                throw invalid("kinds: '\(kind.prefix(64))' is not an event kind; known: \(Self.knownKinds.sorted().joined(separator: ", "))")
            }
        }
        if let headers {
            guard headers.count <= 20 else { throw invalid("headers: at most 20") }
            for (name, value) in headers {
                guard !name.isEmpty, name.utf8.count <= 64, name.utf8.allSatisfy(Self.isTokenByte) else {
                    throw invalid("headers: a name must be 1 to 64 letters, digits or !#$%&'*+-.^_`|~")
                }
                guard !Self.reservedHeaders.contains(name.lowercased()) else {
                    throw invalid("headers: '\(name)' is set by Perennial")
                }
                guard value.utf8.count <= 1024, value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7f }) else {
                    throw invalid("headers: the value of '\(name)' must be at most 1,024 bytes without control characters")
                }
            }
        }
        if let description, description.count > 500 || description.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" }) {
            throw invalid("description: at most 500 characters, no control characters")
        }
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    private func invalid(_ message: String) -> PerennialError {
        PerennialError(.invalidWebhookEndpoint, message)
    }
}
