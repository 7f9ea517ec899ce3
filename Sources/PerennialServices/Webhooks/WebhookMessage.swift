import Foundation
import PerennialCore

/// The body of a webhook (version 1): one lifecycle event, with the customer as the write that recorded it
/// left them. docs/webhooks.md describes every field and kind.
public struct WebhookMessage: Sendable, Hashable, Codable {
    /// The envelope's version; a change that could break a receiver gets a new one.
    public var version = 1
    /// The event's kind: `renewal`, `billing_issue`, `transferred`, `event_retracted`, `test` …
    public var type: String
    /// The event's id (`evt_…`), also sent as `webhook-id`: the same on every retry and replay.
    public var id: String
    public var occurredAt: String
    public var recordedAt: String
    public var appID: String
    public var appUserID: String
    /// The other ids that resolve to the customer (anonymous ids merged into it), sorted.
    public var aliases: [String]
    /// `app_store`, `play_store`, `stripe`, or `identity` for events about the customer itself.
    public var store: String
    /// `production` or `sandbox`; nil for events about the customer itself.
    public var environment: String?
    public var productID: String
    /// Kind-specific details (`reason`, `from_product_id` …).
    public var details: [String: String]
    /// The subscription after the event; nil for events about the customer itself.
    public var subscription: Subscription?
    /// The price of the transaction the subscription stands on, when the store reported it.
    public var price: Price?
    /// The customer's entitlements after the event, by identifier.
    public var entitlements: [String: EntitlementSummary]

    /// A subscription as a webhook shows it.
    public struct Subscription: Sendable, Hashable, Codable {
        public var id: String
        public var store: String
        public var productID: String
        public var status: String
        public var periodType: String
        public var expiresAt: String?
        public var willRenew: Bool
        public var gracePeriodExpiresAt: String?
        public var billingIssueDetectedAt: String?
        public var revokedAt: String?
        public var expirationReason: String?

        public init(_ state: SubscriptionState) {
            id = state.key.id
            store = state.key.store.rawValue
            productID = state.productID
            status = state.status.rawValue
            periodType = state.periodType.rawValue
            expiresAt = state.expiresAt?.iso8601
            willRenew = state.willRenew
            gracePeriodExpiresAt = state.gracePeriodExpiresAt?.iso8601
            billingIssueDetectedAt = state.billingIssueDetectedAt?.iso8601
            revokedAt = state.revokedAt?.iso8601
            expirationReason = state.expirationReason?.rawValue
        }

        enum CodingKeys: String, CodingKey {
            case id, store, status
            case productID = "product_id", periodType = "period_type", expiresAt = "expires_at", willRenew = "will_renew"
            case gracePeriodExpiresAt = "grace_period_expires_at", billingIssueDetectedAt = "billing_issue_detected_at"
            case revokedAt = "revoked_at", expirationReason = "expiration_reason"
        }

        /// Every field, absent ones as `null`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(store, forKey: .store)
            try container.encode(productID, forKey: .productID)
            try container.encode(status, forKey: .status)
            try container.encode(periodType, forKey: .periodType)
            try container.encode(expiresAt, forKey: .expiresAt)
            try container.encode(willRenew, forKey: .willRenew)
            try container.encode(gracePeriodExpiresAt, forKey: .gracePeriodExpiresAt)
            try container.encode(billingIssueDetectedAt, forKey: .billingIssueDetectedAt)
            try container.encode(revokedAt, forKey: .revokedAt)
            try container.encode(expirationReason, forKey: .expirationReason)
        }
    }

    /// An amount in the currency's minor units (cents), with its ISO 4217 code.
    public struct Price: Sendable, Hashable, Codable {
        public var amountMinor: Int64
        public var currency: String

        enum CodingKeys: String, CodingKey {
            case amountMinor = "amount_minor", currency
        }
    }

    /// An entitlement the customer holds after the event.
    public struct EntitlementSummary: Sendable, Hashable, Codable {
        public var productID: String
        public var store: String
        public var expiresAt: String?
        public var willRenew: Bool

        enum CodingKeys: String, CodingKey {
            case productID = "product_id", store, expiresAt = "expires_at", willRenew = "will_renew"
        }

        /// Every field, `expires_at` null for a lifetime purchase.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(productID, forKey: .productID)
            try container.encode(store, forKey: .store)
            try container.encode(expiresAt, forKey: .expiresAt)
            try container.encode(willRenew, forKey: .willRenew)
        }
    }

    enum CodingKeys: String, CodingKey {
        case version, type, id, aliases, store, environment, details, subscription, price, entitlements
        case occurredAt = "occurred_at", recordedAt = "recorded_at", appID = "app_id", appUserID = "app_user_id"
        case productID = "product_id"
    }

    /// Every field, absent ones as `null`, so a receiver's schema never misses a key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(type, forKey: .type)
        try container.encode(id, forKey: .id)
        try container.encode(occurredAt, forKey: .occurredAt)
        try container.encode(recordedAt, forKey: .recordedAt)
        try container.encode(appID, forKey: .appID)
        try container.encode(appUserID, forKey: .appUserID)
        try container.encode(aliases, forKey: .aliases)
        try container.encode(store, forKey: .store)
        try container.encode(environment, forKey: .environment)
        try container.encode(productID, forKey: .productID)
        try container.encode(details, forKey: .details)
        try container.encode(subscription, forKey: .subscription)
        try container.encode(price, forKey: .price)
        try container.encode(entitlements, forKey: .entitlements)
    }

    /// The message for a stored event and the customer's subscriptions after it (`state`: the event's
    /// subscription, when it is one).
    public init(
        event stored: StoredEvent, appID: String, aliases: [String], state: SubscriptionState?, price: Money?,
        entitlements: [Entitlement]
    ) {
        let event = stored.event
        type = event.kind.rawValue
        id = stored.publicID
        occurredAt = event.occurredAt.iso8601
        recordedAt = stored.recordedAt.iso8601
        self.appID = appID
        appUserID = stored.appUserID
        self.aliases = aliases
        store = event.subscription.store.rawValue
        environment = state?.environment.rawValue
        productID = event.productID
        details = event.details
        subscription = state.map(Subscription.init)
        self.price = price.map { Price(amountMinor: $0.minorUnits, currency: $0.currency) }
        self.entitlements = Dictionary(
            entitlements.map {
                ($0.identifier, EntitlementSummary(
                    productID: $0.productID, store: $0.subscription.store.rawValue, expiresAt: $0.expiresAt?.iso8601,
                    willRenew: $0.willRenew))
            }, uniquingKeysWith: { first, _ in first })
    }

    /// The message `POST /v1/admin/webhooks/{id}/test` sends: kind `test`, about no customer.
    public static func test(id: String, appID: String, at now: Instant) -> WebhookMessage {
        let placeholder = LifecycleEvent(kind: .aliasMerged, subscription: SubscriptionKey(store: .identity, id: ""), productID: "", occurredAt: now)
        var message = WebhookMessage(
            event: StoredEvent(sequence: 0, appUserID: "", event: placeholder, recordedAt: now), appID: appID, aliases: [], state: nil,
            price: nil, entitlements: [])
        message.type = WebhookEndpointInput.testKind
        message.id = id
        return message
    }

    /// The message with every mention of the customer `name` (as `app_user_id`, an alias, a customer-naming
    /// detail: `LifecycleEvent.customerDetailKeys`) replaced by `replacement`: an erasure.
    public func renamingCustomer(_ name: String, to replacement: String) -> WebhookMessage {
        var message = self
        if appUserID.isExactly(name) { message.appUserID = replacement }
        message.aliases = aliases.map { $0.isExactly(name) ? replacement : $0 }
        for key in LifecycleEvent.customerDetailKeys where details[key]?.isExactly(name) == true {
            message.details[key] = replacement
        }
        return message
    }

    /// The JSON sent: what `encode(to:)` gives through `JSONEncoder` with keys sorted and slashes
    /// unescaped, written by hand (`write(to:)`).
    public func encoded() throws -> String {
        var output = JSONByteWriter(capacity: 1024)
        write(to: &output)
        return output.text
    }
}
