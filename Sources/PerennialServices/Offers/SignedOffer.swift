/// A signed promotional offer, in the shape the app passes to StoreKit.
public enum SignedOffer: Sendable, Hashable {
    /// `SKPaymentDiscount` / `Product.PurchaseOption.promotionalOffer(offerID:keyID:nonce:signature:timestamp:)`.
    case v1(keyIdentifier: String, nonce: String, timestamp: Int64, signature: String)
    /// The JWS for `Product.PurchaseOption.promotionalOffer(_:compactJWS:)`.
    case v2(signature: String)
}
