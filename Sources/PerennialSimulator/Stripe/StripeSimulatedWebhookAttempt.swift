import Foundation

/// One attempt to deliver an event to the webhook endpoint, as the control API lists them.
public struct StripeSimulatedWebhookAttempt: Sendable, Hashable, Encodable {
    public var eventID: String
    public var eventType: String
    public var url: String
    /// 1 for the first attempt.
    public var attempt: Int
    /// Simulator time, Unix seconds.
    public var attemptedAt: Int64
    /// The endpoint's HTTP status; nil when it could not be reached.
    public var status: Int?
    public var delivered: Bool
    /// When the next attempt is due, if the delivery goes on; nil once delivered or given up.
    public var nextAttemptAt: Int64?
    /// The exact body posted and its `Stripe-Signature` header.
    public var payload: String
    public var signature: String

    enum CodingKeys: String, CodingKey {
        case attempt, status, delivered, url, payload, signature
        case eventID = "event_id"
        case eventType = "event_type"
        case attemptedAt = "attempted_at"
        case nextAttemptAt = "next_attempt_at"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(eventID, forKey: .eventID)
        try container.encode(eventType, forKey: .eventType)
        try container.encode(url, forKey: .url)
        try container.encode(attempt, forKey: .attempt)
        try container.encode(attemptedAt, forKey: .attemptedAt)
        try container.encode(status, forKey: .status)
        try container.encode(delivered, forKey: .delivered)
        try container.encode(nextAttemptAt, forKey: .nextAttemptAt)
        try container.encode(payload, forKey: .payload)
        try container.encode(signature, forKey: .signature)
    }
}
