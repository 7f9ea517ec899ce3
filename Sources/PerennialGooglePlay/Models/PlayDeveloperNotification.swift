/// A Real-time developer notification (RTDN): which purchase changed, never its state (Google's guidance:
/// read the purchase from the Developer API). Exactly one of the notification fields is present.
public struct PlayDeveloperNotification: Sendable, Hashable, Codable {
    public var version: String?
    public var packageName: String
    /// Milliseconds since 1970, as a string.
    public var eventTimeMillis: String?
    public var subscriptionNotification: SubscriptionNotification?
    public var oneTimeProductNotification: OneTimeProductNotification?
    public var voidedPurchaseNotification: VoidedPurchaseNotification?
    public var testNotification: TestNotification?

    public struct SubscriptionNotification: Sendable, Hashable, Codable {
        public var version: String?
        public var notificationType: Int
        public var purchaseToken: String
        /// Deprecated by Google; may be absent.
        public var subscriptionId: String?
    }

    public struct OneTimeProductNotification: Sendable, Hashable, Codable {
        public var version: String?
        /// 1 purchased, 2 canceled (a pending purchase).
        public var notificationType: Int
        public var purchaseToken: String
        public var sku: String
    }

    public struct VoidedPurchaseNotification: Sendable, Hashable, Codable {
        public var purchaseToken: String
        public var orderId: String?
        /// 1 a subscription, 2 a one-time product.
        public var productType: Int?
        /// 1 full refund, 2 quantity-based partial refund.
        public var refundType: Int?
    }

    public struct TestNotification: Sendable, Hashable, Codable {
        public var version: String?
    }

    /// A name for the notification's type, as Google names it (`SUBSCRIPTION_RENEWED`); a type this version
    /// does not know is named by its number (`SUBSCRIPTION_NOTIFICATION_23`).
    public var typeName: String {
        if let subscription = subscriptionNotification {
            return Self.subscriptionTypes[subscription.notificationType]
                ?? "SUBSCRIPTION_NOTIFICATION_\(subscription.notificationType)"
        }
        if let product = oneTimeProductNotification {
            switch product.notificationType {
            case 1: return "ONE_TIME_PRODUCT_PURCHASED"
            case 2: return "ONE_TIME_PRODUCT_CANCELED"
            default: return "ONE_TIME_PRODUCT_NOTIFICATION_\(product.notificationType)"
            }
        }
        if voidedPurchaseNotification != nil { return "VOIDED_PURCHASE" }
        if testNotification != nil { return "TEST_NOTIFICATION" }
        return "UNKNOWN_NOTIFICATION"
    }

    /// The token of the subscription purchase the notification is about: a subscription notification's, or
    /// a voided subscription's (`productType` 1, or unsaid).
    public var subscriptionToken: String? {
        if let subscription = subscriptionNotification { return subscription.purchaseToken }
        guard let voided = voidedPurchaseNotification, voided.productType != 2 else { return nil }
        return voided.purchaseToken
    }

    /// Whether it says a purchase was refunded or revoked (SUBSCRIPTION_REVOKED, or a voided purchase): the
    /// voided purchases list then says which order, and when.
    public var announcesVoiding: Bool {
        voidedPurchaseNotification != nil || subscriptionNotification?.notificationType == 12
    }

    /// Google's subscription notification types.
    public static let subscriptionTypes: [Int: String] = [
        1: "SUBSCRIPTION_RECOVERED", 2: "SUBSCRIPTION_RENEWED", 3: "SUBSCRIPTION_CANCELED", 4: "SUBSCRIPTION_PURCHASED",
        5: "SUBSCRIPTION_ON_HOLD", 6: "SUBSCRIPTION_IN_GRACE_PERIOD", 7: "SUBSCRIPTION_RESTARTED",
        8: "SUBSCRIPTION_PRICE_CHANGE_CONFIRMED", 9: "SUBSCRIPTION_DEFERRED", 10: "SUBSCRIPTION_PAUSED",
        11: "SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED", 12: "SUBSCRIPTION_REVOKED", 13: "SUBSCRIPTION_EXPIRED",
        17: "SUBSCRIPTION_ITEMS_CHANGED", 18: "SUBSCRIPTION_CANCELLATION_SCHEDULED", 19: "SUBSCRIPTION_PRICE_CHANGE_UPDATED",
        20: "SUBSCRIPTION_PENDING_PURCHASE_CANCELED", 22: "SUBSCRIPTION_PRICE_STEP_UP_CONSENT_UPDATED",
    ]
}
