/// Where a customer stands on a price increase of their subscription, whatever the store: told of an
/// increase that needs their consent and not agreed yet, or agreed (or told of one that needs none).
public enum PriceIncreaseConsent: String, Sendable, Codable, Hashable, CaseIterable {
    case pending
    case agreed
}
