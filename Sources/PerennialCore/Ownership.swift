/// Whether the customer bought the product or benefits from a family member's purchase
/// (`in_app_ownership_type`).
public enum Ownership: String, Sendable, Codable, Hashable {
    case purchased
    case familyShared = "family_shared"
}
