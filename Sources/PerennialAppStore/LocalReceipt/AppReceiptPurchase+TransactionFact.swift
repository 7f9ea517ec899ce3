import Foundation
import PerennialCore

extension AppReceiptPurchase {
    /// This purchase as a store-neutral transaction fact, or nil when it lacks a product id, a transaction id
    /// or a purchase date. A missing original transaction id reads as the transaction id (Xcode receipts leave
    /// it out); missing flags read as false, a missing quantity as 1. The receipt's ASN.1 form carries no
    /// ownership type (purchased is assumed) and no cancellation reason.
    public func transactionFact(environment: StoreEnvironment) -> TransactionFact? {
        guard let productID = nonEmpty(productID), let transactionID = nonEmpty(transactionID),
              let purchaseDate
        else { return nil }
        return TransactionFact(
            store: .appStore, environment: environment, transactionID: transactionID,
            subscriptionID: nonEmpty(originalTransactionID) ?? transactionID, productID: productID,
            purchasedAt: purchaseDate, originalPurchasedAt: originalPurchaseDate,
            expiresAt: subscriptionExpirationDate, cancelledAt: cancellationDate,
            isTrialPeriod: isTrialPeriod ?? false, isInIntroOfferPeriod: isInIntroOfferPeriod ?? false,
            quantity: quantity ?? 1, webOrderLineItemID: nonEmpty(webOrderLineItemID)
        )
    }

    private func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespaces), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
