import PerennialCore

extension AdyenRenewalSchedule {
    /// What the ledger recorded of a subscription, read back as the schedule's record: its first payment's
    /// instant, the periods its transactions paid (their line items), the refusals recorded at the next
    /// period's attempt times, and whether it was cancelled (a refunded or reversed payment, or the customer's
    /// cancellation, newest renewal info first). Nil before the first payment is recorded.
    public func record(subscriptionID: String, transactions: [TransactionFact], renewalInfos: [RenewalInfoFact]) -> Record? {
        var paid: Set<Int> = []
        var start: Instant?
        for transaction in transactions {
            guard let line = transaction.webOrderLineItemID.flatMap(AdyenRenewalReference.period(ofLineItem:)),
                  line.subscriptionID == subscriptionID else { continue }
            paid.insert(line.period)
            if line.period == 0 { start = transaction.purchasedAt }
        }
        guard let start else { return nil }
        var record = Record(start: start, paidPeriods: paid)
        let next = record.nextPeriod
        let refusalTimes = Set(renewalInfos.filter(\.recordsRefusal).map(\.observedAt))
        let refused = (0...retryDays.count).last { refusalTimes.contains(attemptTime(next, attempt: $0, start: start)) }
        if let refused { record.refusals[next] = refused + 1 }
        let newest = renewalInfos.max { ($0.observedAt, $0.willAutoRenew == false ? 1 : 0) < ($1.observedAt, $1.willAutoRenew == false ? 1 : 0) }
        record.cancelled = transactions.contains { $0.cancelledAt != nil }
            || (newest?.willAutoRenew == false && newest?.expirationReason != .billingError)
        return record
    }
}

extension RenewalInfoFact {
    /// Whether the snapshot records a refused attempt: billing retry, or the lapse the last refusal brings.
    var recordsRefusal: Bool { isInBillingRetryPeriod == true || expirationReason == .billingError }
}
