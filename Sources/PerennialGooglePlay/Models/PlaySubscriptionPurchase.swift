/// A subscription purchase as `purchases.subscriptionsv2.get` returns it (`SubscriptionPurchaseV2`), with
/// Google's field names. Fields this version does not read are ignored and enumeration values it does not
/// know are kept (`PlayRawValue`): Google adds both often.
public struct PlaySubscriptionPurchase: Sendable, Hashable, Codable {
    /// `androidpublisher#subscriptionPurchaseV2`.
    public var kind: String?
    public var subscriptionState: PlaySubscriptionState?
    public var lineItems: [PlayLineItem]
    /// RFC 3339: when the subscription was granted.
    public var startTime: String?
    /// ISO 3166-1 alpha-2 country of the buyer's billing.
    public var regionCode: String?
    /// The purchase this one replaces (upgrade, downgrade, resubscribe): the same subscription continues.
    public var linkedPurchaseToken: String?

    /// The purchase this one continues: the one it replaced in the app (`linkedPurchaseToken`: an upgrade,
    /// a downgrade, a resubscribe), or the expired one a customer resubscribed to from the Play Store,
    /// outside the app (`outOfAppPurchaseContext.expiredPurchaseToken`).
    public var continuedPurchaseToken: String? {
        linkedPurchaseToken ?? outOfAppPurchaseContext?.expiredPurchaseToken
    }
    public var acknowledgementState: PlayAcknowledgementState?
    /// Present for a license tester's purchase (sandbox).
    public var testPurchase: PlayLineItem.Empty?
    public var pausedStateContext: PausedStateContext?
    public var canceledStateContext: CanceledStateContext?
    public var externalAccountIdentifiers: ExternalAccountIdentifiers?
    /// Set when the customer resubscribed from the Play Store, outside the app.
    public var outOfAppPurchaseContext: OutOfAppPurchaseContext?
    /// Deprecated by Google and may be absent: use each line item's `latestSuccessfulOrderId`.
    public var latestOrderId: String?
    public var etag: String?

    public init(subscriptionState: PlaySubscriptionState?, lineItems: [PlayLineItem]) {
        self.subscriptionState = subscriptionState
        self.lineItems = lineItems
    }

    public struct PausedStateContext: Sendable, Hashable, Codable {
        /// RFC 3339: when Google resumes (and charges) the subscription.
        public var autoResumeTime: String?
    }

    /// Why it will not renew: exactly one is present.
    public struct CanceledStateContext: Sendable, Hashable, Codable {
        public var userInitiatedCancellation: UserInitiatedCancellation?
        public var systemInitiatedCancellation: PlayLineItem.Empty?
        public var developerInitiatedCancellation: PlayLineItem.Empty?
        public var replacementCancellation: PlayLineItem.Empty?

        public struct UserInitiatedCancellation: Sendable, Hashable, Codable {
            public var cancelTime: String?
        }
    }

    public struct ExternalAccountIdentifiers: Sendable, Hashable, Codable {
        /// What the app passed to `setObfuscatedAccountId`: the app's own id for the customer.
        public var obfuscatedExternalAccountId: String?
        public var obfuscatedExternalProfileId: String?
        public var externalAccountId: String?
    }

    public struct OutOfAppPurchaseContext: Sendable, Hashable, Codable {
        public var expiredPurchaseToken: String?
        public var expiredExternalAccountIdentifiers: ExternalAccountIdentifiers?
    }
}
