import PerennialCore

/// An active entitlement as the API shows it.
struct EntitlementResponse: Encodable {
    var identifier: String
    var productID: String
    var expiresAt: String?
    var willRenew: Bool
    var periodType: String
    var inGracePeriod: Bool
    var billingIssueDetectedAt: String?
    var ownership: String
    var store: String
    var environment: String
    /// The store's id for the subscription that grants it.
    var subscriptionID: String
    /// The same id for the App Store (its name there); nil for other stores.
    var originalTransactionID: String?

    init(_ entitlement: Entitlement) {
        identifier = entitlement.identifier
        productID = entitlement.productID
        expiresAt = entitlement.expiresAt?.iso8601
        willRenew = entitlement.willRenew
        periodType = entitlement.periodType.rawValue
        inGracePeriod = entitlement.isInGracePeriod
        billingIssueDetectedAt = entitlement.billingIssueDetectedAt?.iso8601
        ownership = entitlement.ownership.rawValue
        store = entitlement.subscription.store.rawValue
        environment = entitlement.environment.rawValue
        subscriptionID = entitlement.subscription.id
        originalTransactionID = entitlement.subscription.appStoreOriginalTransactionID
    }

    enum CodingKeys: String, CodingKey {
        case identifier, ownership, store, environment
        case productID = "product_id", expiresAt = "expires_at", willRenew = "will_renew", periodType = "period_type"
        case inGracePeriod = "in_grace_period", billingIssueDetectedAt = "billing_issue_detected_at"
        case subscriptionID = "subscription_id", originalTransactionID = "original_transaction_id"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identifier, forKey: .identifier)
        try container.encode(productID, forKey: .productID)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encode(willRenew, forKey: .willRenew)
        try container.encode(periodType, forKey: .periodType)
        try container.encode(inGracePeriod, forKey: .inGracePeriod)
        try container.encode(billingIssueDetectedAt, forKey: .billingIssueDetectedAt)
        try container.encode(ownership, forKey: .ownership)
        try container.encode(store, forKey: .store)
        try container.encode(environment, forKey: .environment)
        try container.encode(subscriptionID, forKey: .subscriptionID)
        try container.encode(originalTransactionID, forKey: .originalTransactionID)
    }
}
