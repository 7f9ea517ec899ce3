import PerennialCore

/// One transaction as the App Store keeps it: a purchase, renewal, recovery or product change.
struct SimulatedTransaction: Sendable, Codable {
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
    /// The promotional offer this period was charged under (`promotional_offer_id`).
    var promotionalOfferID: String?
    var ownership: Ownership = .purchased
    /// Charged by the App Store on its own (a renewal or a billing recovery), not by the customer.
    var isRenewal = false
    /// The UUID the app passed with the purchase, lowercased; renewals keep it.
    var appAccountToken: String?
    /// The latest consumption information the developer sent for it (Send Consumption Information).
    var consumptionInformation: [String: String]?

    /// The order id the customer's email receipt shows (Look Up Order ID): derived from the transaction id.
    var orderID: String {
        guard let number = Int64(transactionID) else { return "M" + transactionID }
        return "M" + String(number, radix: 36).uppercased()
    }
}
