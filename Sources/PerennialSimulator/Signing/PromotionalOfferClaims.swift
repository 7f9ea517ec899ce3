/// The claims of a version 2 promotional offer JWS the simulator reads.
struct PromotionalOfferClaims: Decodable {
    var bid: String?
    var aud: String?
    var iat: Int64?
    var nonce: String?
    var productId: String?
    var offerIdentifier: String?
    var transactionId: String?
}
