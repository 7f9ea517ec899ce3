import PerennialCore

/// An offer signature given to a customer, kept for audit, limits and analytics.
public struct OfferSignatureRecord: Sendable, Hashable {
    public var appID: String
    public var appUserID: String
    public var productID: String
    public var offerID: String
    /// The nonce signed (lowercase UUID); the App Store accepts each once.
    public var nonce: String
    /// `v1` or `v2`.
    public var format: String
    public var keyID: String
    public var signedAt: Instant

    public init(
        appID: String, appUserID: String, productID: String, offerID: String, nonce: String, format: String, keyID: String,
        signedAt: Instant
    ) {
        self.appID = appID
        self.appUserID = appUserID
        self.productID = productID
        self.offerID = offerID
        self.nonce = nonce
        self.format = format
        self.keyID = keyID
        self.signedAt = signedAt
    }
}
