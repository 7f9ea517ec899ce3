/// A step of a subscription price increase that needs the customer's consent.
public enum PriceIncreaseAction: String, Sendable, Hashable, Codable, CaseIterable {
    /// The App Store announced the increase: `price_consent_status` "0". Without consent by the next
    /// renewal, the subscription expires with `expiration_intent` 3.
    case notify
    /// The customer agreed: `price_consent_status` "1"; the next renewal happens at the new price.
    case consent
    /// The customer refused: the subscription expires at the end of the period with intent 3.
    case decline
}
