import PerennialCore

/// One transaction as the App Store keeps it: a purchase, renewal, recovery or product change.
struct SimulatedTransaction: Sendable {
    /// Whose receipt holds it.
    var owner: ReceiptOwner
    var transactionID: String
    var originalTransactionID: String
    var webOrderLineItemID: String?
    var productID: String
    var productType: ProductType
    var subscriptionGroup: String?
    var purchaseDate: Instant
    var originalPurchaseDate: Instant
    var expiresDate: Instant?
    var cancellationDate: Instant?
    var cancellationReason: String?
    var isTrialPeriod = false
    var isInIntroOfferPeriod = false
    var isUpgraded = false
    var ownership: Ownership = .purchased
}
