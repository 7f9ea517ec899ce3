import PerennialCore

/// An offer a team member granted to one customer (customer service), with why and until when. The
/// record is the audit trail: what, for whom, when, why.
public struct OfferGrantRecord: Sendable, Hashable {
    public var appID: String
    public var appUserID: String
    public var productID: String
    public var offerID: String
    public var reason: String
    public var grantedAt: Instant
    public var expiresAt: Instant

    public init(appID: String, appUserID: String, productID: String, offerID: String, reason: String, grantedAt: Instant, expiresAt: Instant) {
        self.appID = appID
        self.appUserID = appUserID
        self.productID = productID
        self.offerID = offerID
        self.reason = reason
        self.grantedAt = grantedAt
        self.expiresAt = expiresAt
    }
}
