/// The app and purchase a notification is about (`data`), field names exactly as Apple sends them.
public struct NotificationData: Codable, Sendable, Hashable {
    /// The app's Apple id (absent in Sandbox).
    public var appAppleId: Int64?
    /// The app's bundle id.
    public var bundleId: String?
    /// The app's build version.
    public var bundleVersion: String?
    /// The environment the notification is about.
    public var environment: AppleEnvironment?
    /// The transaction, as a JWS.
    public var signedTransactionInfo: String?
    /// The subscription's renewal info, as a JWS.
    public var signedRenewalInfo: String?
    /// The subscription's status.
    public var status: AppleSubscriptionStatus?
    /// Why the customer asked for a refund (`CONSUMPTION_REQUEST`).
    public var consumptionRequestReason: ConsumptionRequestReason?

    /// Empty data: every field nil.
    public init() {}
}
