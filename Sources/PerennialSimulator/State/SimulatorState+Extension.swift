import PerennialCore

extension SimulatorState {
    /// Moves the end of the current period (and of its transaction) `days` later, scaled.
    mutating func performExtendRenewalDate(_ id: String, days: Int, reasonCode: Int) -> [EventDraft] {
        guard var subscription = subscriptions[id], subscription.phase == .active, days > 0 else { return [] }
        let expires = subscription.expiresDate.adding(milliseconds: timeScale.daysMilliseconds(days))
        subscription.expiresDate = expires
        transactions[subscription.latestTransactionID]?.expiresDate = expires
        subscriptions[id] = subscription
        return [
            draft(
                .renewalExtended, subscription, transactionID: subscription.latestTransactionID,
                details: [
                    "extend_by_days": String(days), "extend_reason_code": String(reasonCode),
                    "expires_date_ms": String(expires.milliseconds),
                ])
        ]
    }
}
