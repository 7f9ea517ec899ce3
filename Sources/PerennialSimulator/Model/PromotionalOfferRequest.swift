/// A promotional offer sent with a purchase, as StoreKit passes it to the App Store.
///
/// Version 1 (`SKPaymentDiscount`, `Product.SubscriptionOffer.Signature`): `offer_id`, `key_id`, `nonce`,
/// `timestamp` (milliseconds), `signature` (base64 DER ECDSA) and `application_username` (the
/// appAccountToken; when absent, the purchase's `app_account_token`, else empty). Version 2
/// (`promotionalOffer(_:compactJWS:)`): `jws`, with `offer_id` optional (the JWS names the offer).
public struct PromotionalOfferRequest: Sendable, Hashable, Codable {
    public var offerID: String?
    public var keyID: String?
    public var nonce: String?
    public var timestamp: Int64?
    public var signature: String?
    public var applicationUsername: String?
    /// The compact JWS of a version 2 offer; when set, the version 1 fields are ignored.
    public var jws: String?

    public init(
        offerID: String? = nil, keyID: String? = nil, nonce: String? = nil, timestamp: Int64? = nil,
        signature: String? = nil, applicationUsername: String? = nil, jws: String? = nil
    ) {
        self.offerID = offerID
        self.keyID = keyID
        self.nonce = nonce
        self.timestamp = timestamp
        self.signature = signature
        self.applicationUsername = applicationUsername
        self.jws = jws
    }

    /// A version 1 offer: the signature fields as the developer's server returned them.
    public static func v1(
        offerID: String, keyID: String, nonce: String, timestamp: Int64, signature: String,
        applicationUsername: String? = nil
    ) -> Self {
        Self(
            offerID: offerID, keyID: keyID, nonce: nonce, timestamp: timestamp, signature: signature,
            applicationUsername: applicationUsername)
    }

    /// A version 2 offer: the compact JWS the developer's server signed.
    public static func v2(offerID: String? = nil, jws: String) -> Self { Self(offerID: offerID, jws: jws) }

    enum CodingKeys: String, CodingKey {
        case nonce, timestamp, signature, jws
        case offerID = "offer_id"
        case keyID = "key_id"
        case applicationUsername = "application_username"
    }
}
