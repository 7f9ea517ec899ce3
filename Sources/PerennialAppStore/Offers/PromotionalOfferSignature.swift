/// What the app needs to redeem a promotional offer with a version 1 signature (`SKPaymentDiscount`,
/// `Product.SubscriptionOffer.Signature`): the key id, nonce and timestamp that were signed, and the signature.
public struct PromotionalOfferSignature: Hashable, Sendable {
    /// The id of the In-App Purchase key that signed.
    public var keyIdentifier: String
    /// The one-time UUID that was signed, in lowercase.
    public var nonce: String
    /// When the signature was made, in milliseconds since 1970; the offer can be redeemed for 24 hours after.
    public var timestamp: Int64
    /// The ECDSA P-256/SHA-256 signature, DER, in standard base64.
    public var signature: String

    /// Creates a signature record.
    public init(keyIdentifier: String, nonce: String, timestamp: Int64, signature: String) {
        self.keyIdentifier = keyIdentifier
        self.nonce = nonce
        self.timestamp = timestamp
        self.signature = signature
    }
}
