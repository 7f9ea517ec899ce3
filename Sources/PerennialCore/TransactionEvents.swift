/// The events one transaction stands for: a first purchase (and trial start), a renewal (or trial
/// conversion), a product change, an offer redeemed.
struct TransactionEvents {
    var catalog: Catalog?

    func events(history: TransactionHistory, index: Int) -> [LifecycleEvent] {
        let transaction = history.transactions[index]
        let at = transaction.purchasedAt
        let ids = ["transaction_id": transaction.transactionID]
        var events: [LifecycleEvent] = []
        switch history.role(at: index) {
        case .firstPurchase:
            events.append(LifecycleEvent(transaction, .initialPurchase, at: at, ids))
            if transaction.isTrialPeriod { events.append(LifecycleEvent(transaction, .trialStarted, at: at, ids)) }
        case .renewal:
            let previous = history.previousPeriod(before: index)
            let converted = previous?.isTrialPeriod == true && !transaction.isTrialPeriod
            events.append(LifecycleEvent(transaction, converted ? .trialConverted : .renewal, at: at, ids))
            if let previous, previous.productID != transaction.productID {
                events.append(productChange(from: previous.productID, to: transaction, fallback: "crossgrade"))
            }
        case .productChange:
            let from = history.transactions[..<index].last { $0.isUpgraded }?.productID ?? transaction.productID
            events.append(productChange(from: from, to: transaction, fallback: "upgrade"))
        }
        if transaction.promotionalOfferID != nil || transaction.offerCodeRefName != nil {
            var details = ids
            details["promotional_offer_id"] = transaction.promotionalOfferID
            details["offer_code_ref_name"] = transaction.offerCodeRefName
            events.append(LifecycleEvent(transaction, .offerRedeemed, at: at, details))
        }
        return events
    }

    private func productChange(from: String, to transaction: TransactionFact, fallback: String) -> LifecycleEvent {
        let details = [
            "from_product_id": from, "to_product_id": transaction.productID,
            "change": changeKind(from: from, to: transaction.productID) ?? fallback,
            "transaction_id": transaction.transactionID,
        ]
        return LifecycleEvent(transaction, .productChange, at: transaction.purchasedAt, details)
    }

    /// Upgrade, downgrade or crossgrade, when both products have a level in the catalog (1 is highest).
    private func changeKind(from: String, to: String) -> String? {
        guard let fromLevel = catalog?.product(from)?.groupLevel, let toLevel = catalog?.product(to)?.groupLevel
        else { return nil }
        return toLevel < fromLevel ? "upgrade" : toLevel > fromLevel ? "downgrade" : "crossgrade"
    }
}
