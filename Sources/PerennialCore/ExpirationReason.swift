/// Why a subscription expired (App Store `expiration_intent` 1–5).
public enum ExpirationReason: String, Sendable, Codable, Hashable, CaseIterable {
    case voluntary
    case billingError = "billing_error"
    case priceIncrease = "price_increase"
    case productUnavailable = "product_unavailable"
    case unknown

    /// The reason for an App Store `expiration_intent` code; codes Apple adds later read as `unknown`.
    public init(appStoreExpirationIntent code: Int) {
        switch code {
        case 1: self = .voluntary
        case 2: self = .billingError
        case 3: self = .priceIncrease
        case 4: self = .productUnavailable
        default: self = .unknown
        }
    }
}
