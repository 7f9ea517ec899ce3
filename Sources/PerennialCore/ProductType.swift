/// The kinds of product a store sells.
public enum ProductType: String, Sendable, Codable, Hashable, CaseIterable {
    case autoRenewable = "auto_renewable"
    case nonRenewing = "non_renewing"
    case nonConsumable = "non_consumable"
    case consumable
}
