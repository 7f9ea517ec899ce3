/// `POST /simulator/google/purchases`: a purchase completed on a device.
struct PlayPurchaseRequest: Decodable {
    var product_id: String
    /// What the app passed to `setObfuscatedAccountId`.
    var obfuscated_account_id: String?
    var free_trial: Bool?
    /// Take the base plan's introductory price offer.
    var introductory_price: Bool?
    /// The purchase this one replaces (an upgrade or downgrade).
    var linked_purchase_token: String?
}
