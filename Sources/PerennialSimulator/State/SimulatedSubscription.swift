import PerennialCore

/// One auto-renewable subscription (one original transaction id) of one account.
struct SimulatedSubscription: Sendable, Codable {
    let originalTransactionID: String
    let owner: ReceiptOwner
    var group: String
    /// The product of the current period.
    var productID: String
    /// The product the next renewal charges (`auto_renew_product_id`).
    var renewalProductID: String
    var autoRenew = true
    /// Test switch: renewals fail to charge while set.
    var billingFailing = false
    var phase: SubscriptionPhase = .active
    /// The end of the current period.
    var expiresDate: Instant
    var transactionIDs: [String] = []
    var offer: OfferProgress = .none
    /// A promotional offer a current subscriber redeemed: it starts at the next renewal of that product.
    var pendingPromotionalOffer: PendingPromotionalOffer?
    var priceConsent: PriceConsent?
    var renewalCount = 0
    var ownership: Ownership = .purchased
    var usedIntroductoryOffer = false
    /// Family Sharing, member side: the purchaser's original transaction id.
    var sharedFrom: String?
    /// Member side: purchaser transaction id → this member's mirror of it.
    var mirrored: [String: String] = [:]
    /// Member side: the purchaser's transactions from this index on are mirrored.
    var mirrorStartIndex = 0
    /// Purchaser side: member account → the member's original transaction id.
    var familyMembers: [String: String] = [:]
    /// The UUID the app passed with the purchase, lowercased.
    var appAccountToken: String?
    /// The start of the latest run of paid service (`recentSubscriptionStartDate`): lapses of up to 60 days
    /// (scaled) do not restart it.
    var recentStartDate: Instant
    /// Whether the grace period of the current billing retry has been recorded as over.
    var graceExpiryRecorded = false

    var latestTransactionID: String { transactionIDs.last ?? originalTransactionID }
}
