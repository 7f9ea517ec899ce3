/// A promotional offer a current subscriber redeemed: it starts at the next renewal of that product.
struct PendingPromotionalOffer: Sendable, Hashable, Codable {
    var productID: String
    var offerID: String
}
