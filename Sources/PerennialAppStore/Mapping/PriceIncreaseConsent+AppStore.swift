import PerennialCore

extension PriceIncreaseConsent {
    /// The meaning of the App Store's code (`price_consent_status` in receipts, `priceIncreaseStatus` in signed
    /// renewal info): 0 pending, 1 agreed; a code Apple adds later has no meaning yet (nil).
    public init?(appStoreCode code: Int) {
        switch code {
        case 0: self = .pending
        case 1: self = .agreed
        default: return nil
        }
    }
}
