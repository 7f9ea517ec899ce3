/// Where a pending price increase stands.
enum PriceConsent: String, Sendable, Hashable, Codable {
    case notified
    case consented
    case declined

    /// `price_consent_status`: "1" consented, "0" otherwise.
    var appleStatus: String { self == .consented ? "1" : "0" }
}
