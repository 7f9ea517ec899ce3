import PerennialCore

/// The payload of an App Store Server Notification V2 (`responseBodyV2DecodedPayload`), field names exactly as
/// Apple sends them.
///
/// Exactly one of `data`, `summary`, `externalPurchaseToken` and `appData` is present, depending on the type.
/// `data.signedTransactionInfo` and `data.signedRenewalInfo` are JWS themselves: `SignedDataVerifier`
/// verifies them too (see `VerifiedNotification`).
public struct ResponseBodyV2DecodedPayload: Codable, Sendable, Hashable {
    /// The event.
    public var notificationType: NotificationTypeV2?
    /// Details of the event, for some types.
    public var subtype: NotificationSubtype?
    /// The notification's unique id: the same when Apple resends it.
    public var notificationUUID: String?
    /// The app and the purchase the notification is about.
    public var data: NotificationData?
    /// The result of a mass renewal-date extension (`RENEWAL_EXTENSION` / `SUMMARY`).
    public var summary: NotificationSummary?
    /// An external purchase token (`EXTERNAL_PURCHASE_TOKEN`).
    public var externalPurchaseToken: ExternalPurchaseToken?
    /// The app, for notifications about the app rather than a purchase (`RESCIND_CONSENT`).
    public var appData: AppData?
    /// The notification format version (`2.0`).
    public var version: String?
    /// When the App Store signed the notification.
    public var signedDate: Instant?

    /// An empty payload: every field nil.
    public init() {}

    /// Decodes every known field, ignores unknown ones, and reads dates with fractional milliseconds.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        notificationType = try c.decodeIfPresent(NotificationTypeV2.self, forKey: .notificationType)
        subtype = try c.decodeIfPresent(NotificationSubtype.self, forKey: .subtype)
        notificationUUID = try c.decodeIfPresent(String.self, forKey: .notificationUUID)
        data = try c.decodeIfPresent(NotificationData.self, forKey: .data)
        summary = try c.decodeIfPresent(NotificationSummary.self, forKey: .summary)
        externalPurchaseToken = try c.decodeIfPresent(ExternalPurchaseToken.self, forKey: .externalPurchaseToken)
        appData = try c.decodeIfPresent(AppData.self, forKey: .appData)
        version = try c.decodeIfPresent(String.self, forKey: .version)
        signedDate = try c.decodeAppleDate(forKey: .signedDate)
    }
}
