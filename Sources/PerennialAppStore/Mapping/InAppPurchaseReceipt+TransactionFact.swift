import Foundation
import PerennialCore

extension InAppPurchaseReceipt {
    /// This entry as a store-neutral transaction fact, or nil when it lacks `product_id`, `transaction_id` or
    /// a purchase date. A missing `original_transaction_id` reads as `transaction_id`; missing flags read as false.
    public func transactionFact(environment: StoreEnvironment) -> TransactionFact? {
        transactionFact(environment: environment, transactionID: fields.identifier(.transactionID), after: [])
    }

    /// `transactionFact(environment:)` given this entry's `transaction_id` (read already) and the facts
    /// translated before it: it shares the last one's ids where its own have the same text.
    func transactionFact(environment: StoreEnvironment, transactionID: String?, after earlier: [TransactionFact]) -> TransactionFact? {
        // Read in place by position: taking the last fact out of the array would copy it.
        let previous = earlier.indices.last
        guard
            let productID = fields.identifier(.productID, reusing: previous.map { earlier[$0].productID }),
            let transactionID,
            let purchasedAt = purchaseDate
        else { return nil }
        return TransactionFact(
            store: .appStore, environment: environment, transactionID: transactionID,
            subscriptionID: fields.identifier(.originalTransactionID, reusing: previous.map { earlier[$0].subscriptionID })
                ?? transactionID,
            productID: productID, purchasedAt: purchasedAt, originalPurchasedAt: originalPurchaseDate,
            expiresAt: expiresDate, cancelledAt: cancellationDate,
            cancellationReason: fields.identifier(.cancellationReason),
            isTrialPeriod: isTrialPeriod ?? false, isInIntroOfferPeriod: isInIntroOfferPeriod ?? false,
            isUpgraded: isUpgraded ?? false, ownership: ownership,
            quantity: quantity.map { Int(clamping: $0) } ?? 1,
            webOrderLineItemID: fields.identifier(.webOrderLineItemID),
            subscriptionGroupID: fields.identifier(.subscriptionGroupIdentifier, reusing: previous.flatMap { earlier[$0].subscriptionGroupID }),
            offerCodeRefName: fields.identifier(.offerCodeRefName),
            promotionalOfferID: fields.identifier(.promotionalOfferID)
        )
    }

    /// `in_app_ownership_type`: `FAMILY_SHARED` is family shared; anything else, or nothing, is purchased.
    public var ownership: Ownership {
        guard let type = fields.identifier(.inAppOwnershipType) else { return .purchased }
        // ASCII text (all Apple sends) is compared without building an uppercased copy.
        let isFamilyShared = type.utf8.allSatisfy { $0 < 0x80 }
            ? type.equalsIgnoringASCIICase("FAMILY_SHARED") : type.uppercased() == "FAMILY_SHARED"
        return isFamilyShared ? .familyShared : .purchased
    }
}
