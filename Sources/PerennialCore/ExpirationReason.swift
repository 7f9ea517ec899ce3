/// Why a subscription expired, whatever the store; each store's translation maps its own codes to these.
public enum ExpirationReason: String, Sendable, Codable, Hashable, CaseIterable {
    case voluntary
    case billingError = "billing_error"
    case priceIncrease = "price_increase"
    case productUnavailable = "product_unavailable"
    case unknown
}
