import PerennialCore

extension SimulatorState {
    /// Keeps the consumption information sent for a transaction (the latest wins) and logs it.
    mutating func performRecordConsumption(_ transactionID: String, details: [String: String]) -> [EventDraft] {
        guard let transaction = transactions[transactionID] else { return [] }
        transactions[transactionID]?.consumptionInformation = details
        return [
            EventDraft(
                kind: .consumptionInformation, owner: transaction.owner,
                originalTransactionID: transaction.originalTransactionID, transactionID: transactionID,
                productID: transaction.productID, details: details)
        ]
    }

    /// Sets the app account token of every transaction with this original transaction id, and of its
    /// subscription (so later renewals carry it too).
    mutating func performSetAppAccountToken(_ originalID: String, token: String) -> [EventDraft] {
        guard let original = transactions[originalID] else { return [] }
        let ids = (accounts[original.owner]?.transactionIDs ?? [])
            .filter { transactions[$0]?.originalTransactionID == originalID }
        for id in ids { transactions[id]?.appAccountToken = token }
        subscriptions[originalID]?.appAccountToken = token
        let latest = subscriptions[originalID]?.latestTransactionID ?? ids.last ?? originalID
        return [
            EventDraft(
                kind: .appAccountTokenSet, owner: original.owner, originalTransactionID: originalID,
                transactionID: latest, productID: transactions[latest]?.productID ?? original.productID,
                details: ["app_account_token": token])
        ]
    }
}
