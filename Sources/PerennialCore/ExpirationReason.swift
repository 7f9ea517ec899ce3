/// Why a subscription expired, whatever the store; each store's translation maps its own codes to these.
public enum ExpirationReason: String, Sendable, Codable, Hashable, CaseIterable {
    case voluntary
    case billingError = "billing_error"
    case priceIncrease = "price_increase"
    case productUnavailable = "product_unavailable"
    /// The seller cancelled it (Google Play's developer-initiated cancellation, a revocation).
    case developerCancelled = "developer_cancelled"
    /// The customer moved to another product or plan, which the store sells under a new id (Google Play's
    /// replacement cancellation).
    case replaced
    case unknown
}
