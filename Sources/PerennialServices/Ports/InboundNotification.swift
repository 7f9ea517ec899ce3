import Foundation
import PerennialCore

/// A store notification as kept in the inbox.
public struct InboundNotification: Sendable, Hashable {
    /// Where processing stands.
    public enum Status: String, Sendable, Hashable {
        /// Stored, not processed yet (or processing failed and will be retried).
        case received
        /// Its facts were ingested, or it carried none.
        case processed
        /// It failed verification; kept for inspection, never ingested.
        case rejected
    }

    /// What processing concluded.
    public struct Outcome: Sendable, Hashable {
        public var status: Status
        /// The store's own id for the notification, once verified (App Store `notificationUUID`).
        public var notificationUUID: String?
        public var notificationType: String?
        public var subtype: String?
        /// A stable code when rejected or failed (`verification_failure`, `invalid_app_identifier` …).
        public var errorCode: String?
        public var settledAt: Instant

        public init(
            status: Status, notificationUUID: String? = nil, notificationType: String? = nil, subtype: String? = nil,
            errorCode: String? = nil, settledAt: Instant
        ) {
            self.status = status
            self.notificationUUID = notificationUUID
            self.notificationType = notificationType
            self.subtype = subtype
            self.errorCode = errorCode
            self.settledAt = settledAt
        }
    }

    public var appID: String
    /// The SHA-256 of the body: a store's retry sends the same bytes. (Version 1 App Store notifications
    /// have no id of their own; version 2 ones are also matched by `notificationUUID` once verified.)
    public var notificationID: String
    public var store: Store
    /// The store's notification format version (App Store: 1 or 2).
    public var version: Int
    public var receivedAt: Instant
    /// The body as received, sealed with `SecretBox` (version 1 bodies carry the shared secret); of a
    /// rejected notification, only its first KiB (`RejectedNotificationRetention.excerptBytes`).
    public var sealedBody: Data
    /// The size of the body as received, in bytes (nil for notifications stored before it was recorded).
    public var bodyBytes: Int?
    public var status: Status
    public var outcome: Outcome?

    public init(
        appID: String, notificationID: String, store: Store, version: Int, receivedAt: Instant, sealedBody: Data,
        status: Status = .received, outcome: Outcome? = nil, bodyBytes: Int? = nil
    ) {
        self.bodyBytes = bodyBytes
        self.appID = appID
        self.notificationID = notificationID
        self.store = store
        self.version = version
        self.receivedAt = receivedAt
        self.sealedBody = sealedBody
        self.status = status
        self.outcome = outcome
    }
}
