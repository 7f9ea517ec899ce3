import PerennialAppStore

extension SimulatedTransaction {
    /// The transaction in Apple's shape: strings for numbers and flags, dates in three forms.
    var inAppPurchaseReceipt: InAppPurchaseReceipt {
        var item = InAppPurchaseReceipt()
        item.quantity = 1
        item.productID = productID
        item.transactionID = transactionID
        item.originalTransactionID = originalTransactionID
        item.purchaseDate = purchaseDate
        item.originalPurchaseDate = originalPurchaseDate
        item.expiresDate = expiresDate
        item.isTrialPeriod = isTrialPeriod
        item.inAppOwnershipType = ownership == .familyShared ? "FAMILY_SHARED" : "PURCHASED"
        if productType == .autoRenewable {
            item.webOrderLineItemID = webOrderLineItemID
            item.isInIntroOfferPeriod = isInIntroOfferPeriod
            item.subscriptionGroupIdentifier = subscriptionGroup
            item.promotionalOfferID = promotionalOfferID
        }
        item.cancellationDate = cancellationDate
        item.cancellationReason = cancellationReason
        if isUpgraded { item.isUpgraded = true }
        return item
    }
}
