import Hummingbird
import PerennialServices

/// A webhook delivery in an endpoint's log: which event, how it went, when it is tried next. The message
/// body is not repeated here (the event feed has the event); the endpoint's secret never appears.
struct WebhookDeliveryResponse: ResponseEncodable {
    var id: Int64
    var eventID: String
    var type: String
    var appUserID: String
    var state: String
    var attempts: Int
    var lastStatus: Int?
    var lastError: String?
    var lastLatencyMs: Int64?
    var lastAttemptAt: String?
    var nextAttemptAt: String?
    var deliveredAt: String?
    var createdAt: String
    var replayOf: Int64?

    init(_ record: WebhookDeliveryRecord) {
        id = record.id
        eventID = record.delivery.messageID
        type = record.delivery.kind
        appUserID = record.delivery.appUserID
        state = record.state.rawValue
        attempts = record.attempts
        lastStatus = record.lastStatus
        lastError = record.lastError
        lastLatencyMs = record.lastLatencyMilliseconds
        lastAttemptAt = record.lastAttemptAt?.iso8601
        nextAttemptAt = record.state == .pending ? record.nextAttemptAt?.iso8601 : nil
        deliveredAt = record.deliveredAt?.iso8601
        createdAt = record.delivery.createdAt.iso8601
        replayOf = record.delivery.replayOf
    }

    enum CodingKeys: String, CodingKey {
        case id, type, state, attempts
        case eventID = "event_id", appUserID = "app_user_id", lastStatus = "last_status", lastError = "last_error"
        case lastLatencyMs = "last_latency_ms", lastAttemptAt = "last_attempt_at", nextAttemptAt = "next_attempt_at"
        case deliveredAt = "delivered_at", createdAt = "created_at", replayOf = "replay_of"
    }

    /// Absent values are `null`, never omitted.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(eventID, forKey: .eventID)
        try container.encode(type, forKey: .type)
        try container.encode(appUserID, forKey: .appUserID)
        try container.encode(state, forKey: .state)
        try container.encode(attempts, forKey: .attempts)
        try container.encode(lastStatus, forKey: .lastStatus)
        try container.encode(lastError, forKey: .lastError)
        try container.encode(lastLatencyMs, forKey: .lastLatencyMs)
        try container.encode(lastAttemptAt, forKey: .lastAttemptAt)
        try container.encode(nextAttemptAt, forKey: .nextAttemptAt)
        try container.encode(deliveredAt, forKey: .deliveredAt)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(replayOf, forKey: .replayOf)
    }
}

/// `GET /v1/admin/webhooks/{id}/deliveries`: newest first; `next_cursor` pages on (null at the end).
struct WebhookDeliveryListResponse: ResponseEncodable {
    var deliveries: [WebhookDeliveryResponse]
    var nextCursor: String?

    enum CodingKeys: String, CodingKey {
        case deliveries, nextCursor = "next_cursor"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(deliveries, forKey: .deliveries)
        try container.encode(nextCursor, forKey: .nextCursor)
    }
}
