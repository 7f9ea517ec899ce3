import PerennialCore

extension ExpirationReason {
    /// The reason for an App Store `expiration_intent` code (1–5); codes Apple adds later read as `unknown`.
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
