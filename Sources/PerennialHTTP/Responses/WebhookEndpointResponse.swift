import Hummingbird
import PerennialServices

/// A webhook endpoint as the admin API shows it. Its signing secret appears only in the answer that
/// created or rotated it (`secret`); extra headers are shown by name only, since they may carry credentials.
struct WebhookEndpointResponse: ResponseEncodable {
    var id: String
    var url: String
    var kinds: [String]
    var enabled: Bool
    var headerNames: [String]
    var description: String
    var source: String
    var createdAt: String
    var updatedAt: String
    var failingSince: String?
    var disabledReason: String?
    var retiringSecretsExpireAt: [String]
    var secret: String?

    init(_ view: WebhookEndpointView) {
        let record = view.record
        id = record.id
        url = record.url
        kinds = record.kinds
        enabled = record.isEnabled
        headerNames = record.headers.keys.sorted()
        description = record.description
        source = record.source
        createdAt = record.createdAt.iso8601
        updatedAt = record.updatedAt.iso8601
        failingSince = record.failingSince?.iso8601
        disabledReason = record.disabledReason
        retiringSecretsExpireAt = view.retiringSecretsExpireAt.map(\.iso8601)
        secret = view.secret
    }

    enum CodingKeys: String, CodingKey {
        case id, url, kinds, enabled, description, source, secret
        case headerNames = "header_names", createdAt = "created_at", updatedAt = "updated_at", failingSince = "failing_since"
        case disabledReason = "disabled_reason", retiringSecretsExpireAt = "retiring_secrets_expire_at"
    }

    /// Absent values are `null`, except `secret`, present only when just made.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(url, forKey: .url)
        try container.encode(kinds, forKey: .kinds)
        try container.encode(enabled, forKey: .enabled)
        try container.encode(headerNames, forKey: .headerNames)
        try container.encode(description, forKey: .description)
        try container.encode(source, forKey: .source)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(failingSince, forKey: .failingSince)
        try container.encode(disabledReason, forKey: .disabledReason)
        try container.encode(retiringSecretsExpireAt, forKey: .retiringSecretsExpireAt)
        try container.encodeIfPresent(secret, forKey: .secret)
    }
}

/// `GET /v1/admin/webhooks`.
struct WebhookEndpointListResponse: ResponseEncodable {
    var endpoints: [WebhookEndpointResponse]
}
