/// The latest transaction and renewal info of one auto-renewable subscription.
public struct LastTransactionsItem: Sendable, Hashable, Codable {
    /// The subscription's status (active, expired, billing retry, grace period, revoked).
    public var status: ServerAPISubscriptionStatus?
    /// The subscription's original transaction id.
    public var originalTransactionId: String?
    /// The latest transaction as a JWS.
    public var signedTransactionInfo: String?
    /// The renewal info as a JWS.
    public var signedRenewalInfo: String?

    /// Creates an item.
    public init(
        status: ServerAPISubscriptionStatus? = nil, originalTransactionId: String? = nil,
        signedTransactionInfo: String? = nil, signedRenewalInfo: String? = nil
    ) {
        self.status = status
        self.originalTransactionId = originalTransactionId
        self.signedTransactionInfo = signedTransactionInfo
        self.signedRenewalInfo = signedRenewalInfo
    }
}
