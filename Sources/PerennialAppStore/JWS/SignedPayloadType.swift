/// The kinds of App Store signed data, as `perennial jws verify --type` names them.
public enum SignedPayloadType: String, Sendable, Hashable, CaseIterable {
    /// A signed transaction.
    case transaction
    /// A signed renewal info.
    case renewal
    /// A server notification's `signedPayload`.
    case notification
    /// A signed app transaction.
    case appTransaction = "app-transaction"

    /// Guesses the kind from an unverified payload's keys: `notificationType` → notification, `receiptType`
    /// → app transaction, renewal-only keys without a `transactionId` → renewal, anything else → transaction.
    public static func detect(payloadKeys keys: Set<String>) -> SignedPayloadType {
        if keys.contains("notificationType") { return .notification }
        if keys.contains("receiptType") { return .appTransaction }
        let renewalKeys: Set = ["autoRenewStatus", "autoRenewProductId", "renewalDate", "expirationIntent"]
        if !keys.contains("transactionId"), !keys.isDisjoint(with: renewalKeys) { return .renewal }
        return .transaction
    }
}
