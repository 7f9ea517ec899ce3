/// Why the store took access away before the period ended.
public enum RevocationReason: String, Sendable, Codable, Hashable {
    /// The store refunded the customer.
    case refund
    /// The family member lost access through Family Sharing.
    case familySharingRevoked = "family_sharing_revoked"
}
