import Foundation
import PerennialCore

/// One App Store server notification the simulator sent (or is sending): what it says, where it goes, and
/// every delivery attempt. Version 2 notifications carry `signedPayload`; both versions carry the exact
/// JSON `body` that is POSTed.
public struct SimulatorNotification: Sendable, Hashable, Codable {
    /// Position in the delivery log, from 1.
    public var id: Int
    /// 1 or 2.
    public var version: Int
    /// Version 2: `notificationType` (`SUBSCRIBED` …); version 1: `notification_type` (`INITIAL_BUY` …).
    public var notificationType: String
    /// Version 2 only: `subtype` (`INITIAL_BUY`, `VOLUNTARY` …).
    public var subtype: String?
    /// Version 2 only: `notificationUUID`, the same on every retry.
    public var notificationUUID: String?
    /// The event it reports (`SimulatorEvent.sequence`); nil for a test notification.
    public var eventSequence: Int?
    /// The app it is about.
    public var bundleID: String
    /// The environment it is about.
    public var environment: StoreEnvironment
    /// The purchase it is about (the subscription's, or a one-time purchase's, original transaction id).
    public var originalTransactionID: String?
    /// The transaction the event created or touched, when there is one.
    public var transactionID: String?
    /// When the App Store produced it (the event's simulated instant).
    public var createdAt: Instant
    /// Where it is POSTed.
    public var url: String
    /// Version 2: the JWS of the `responseBodyV2DecodedPayload`.
    public var signedPayload: String?
    /// The JSON body exactly as POSTed: `{"signedPayload": …}` for version 2, the whole notification for 1.
    public var body: Data
    public var state: SimulatorNotificationState
    public var attempts: [SimulatorNotificationAttempt]
    /// When the next attempt is due, while pending.
    public var nextAttemptAt: Instant?

    /// Whether an HTTP status means "received": 200…206, as Apple documents.
    public static func isSuccess(_ status: Int) -> Bool { (200...206).contains(status) }

    enum CodingKeys: String, CodingKey {
        case id, version, subtype, environment, url, state, attempts, body
        case notificationType = "notification_type"
        case notificationUUID = "notification_uuid"
        case eventSequence = "event_sequence"
        case bundleID = "bundle_id"
        case originalTransactionID = "original_transaction_id"
        case transactionID = "transaction_id"
        case createdAt = "created_at_ms"
        case signedPayload = "signed_payload"
        case nextAttemptAt = "next_attempt_at_ms"
    }

    /// `body` is written as the JSON text it holds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(version, forKey: .version)
        try container.encode(notificationType, forKey: .notificationType)
        try container.encodeIfPresent(subtype, forKey: .subtype)
        try container.encodeIfPresent(notificationUUID, forKey: .notificationUUID)
        try container.encodeIfPresent(eventSequence, forKey: .eventSequence)
        try container.encode(bundleID, forKey: .bundleID)
        try container.encode(environment, forKey: .environment)
        try container.encodeIfPresent(originalTransactionID, forKey: .originalTransactionID)
        try container.encodeIfPresent(transactionID, forKey: .transactionID)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(url, forKey: .url)
        try container.encodeIfPresent(signedPayload, forKey: .signedPayload)
        try container.encode(String(decoding: body, as: UTF8.self), forKey: .body)
        try container.encode(state, forKey: .state)
        try container.encode(attempts, forKey: .attempts)
        try container.encodeIfPresent(nextAttemptAt, forKey: .nextAttemptAt)
    }

    /// Reads what `encode(to:)` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        version = try container.decode(Int.self, forKey: .version)
        notificationType = try container.decode(String.self, forKey: .notificationType)
        subtype = try container.decodeIfPresent(String.self, forKey: .subtype)
        notificationUUID = try container.decodeIfPresent(String.self, forKey: .notificationUUID)
        eventSequence = try container.decodeIfPresent(Int.self, forKey: .eventSequence)
        bundleID = try container.decode(String.self, forKey: .bundleID)
        environment = try container.decode(StoreEnvironment.self, forKey: .environment)
        originalTransactionID = try container.decodeIfPresent(String.self, forKey: .originalTransactionID)
        transactionID = try container.decodeIfPresent(String.self, forKey: .transactionID)
        createdAt = try container.decode(Instant.self, forKey: .createdAt)
        url = try container.decode(String.self, forKey: .url)
        signedPayload = try container.decodeIfPresent(String.self, forKey: .signedPayload)
        body = Data(try container.decode(String.self, forKey: .body).utf8)
        state = try container.decode(SimulatorNotificationState.self, forKey: .state)
        attempts = try container.decode([SimulatorNotificationAttempt].self, forKey: .attempts)
        nextAttemptAt = try container.decodeIfPresent(Instant.self, forKey: .nextAttemptAt)
    }

    init(
        id: Int, version: Int, notificationType: String, subtype: String? = nil, notificationUUID: String? = nil,
        event: SimulatorEvent?, bundleID: String, environment: StoreEnvironment, createdAt: Instant, url: String,
        signedPayload: String? = nil, body: Data
    ) {
        self.id = id
        self.version = version
        self.notificationType = notificationType
        self.subtype = subtype
        self.notificationUUID = notificationUUID
        self.eventSequence = event?.sequence
        self.bundleID = bundleID
        self.environment = environment
        self.originalTransactionID = event?.originalTransactionID
        self.transactionID = event?.transactionID
        self.createdAt = createdAt
        self.url = url
        self.signedPayload = signedPayload
        self.body = body
        self.state = .pending
        self.attempts = []
        self.nextAttemptAt = createdAt
    }
}
