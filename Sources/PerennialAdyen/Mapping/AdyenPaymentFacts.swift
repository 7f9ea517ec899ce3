import PerennialCore

/// Translates what Adyen said about one subscription's payments into facts, purely. Every fact is dated by
/// the schedule, not by when it was heard, so the answer to `POST /payments` and the webhook that follows
/// it, or one answer read twice after a crash, record the same facts once:
///
/// - a paid period is a transaction named by Adyen's PSP reference, for the period's line item
///   (`<subscription>:<period>`), bought when its attempt was due (the first payment: when Adyen
///   authorised it), ending when the next period starts; with a renewal info saying it renews, a
///   millisecond later;
/// - a refused attempt is a renewal info at the attempt's due time: in billing retry, or, after the last
///   attempt, not renewing for a billing error;
/// - a refund, reversal (chargeback) or cancelled authorisation of the whole amount cancels its transaction
///   when it happened, and the subscription renews no more.
public struct AdyenPaymentFacts: Sendable, Hashable {
    public var subscriptionID: String
    public var productID: String
    public var environment: StoreEnvironment
    public var schedule: AdyenRenewalSchedule

    public init(subscriptionID: String, productID: String, environment: StoreEnvironment, schedule: AdyenRenewalSchedule) {
        self.subscriptionID = subscriptionID
        self.productID = productID
        self.environment = environment
        self.schedule = schedule
    }

    var key: SubscriptionKey { SubscriptionKey(store: .adyen, id: subscriptionID) }

    /// The first payment, authorised at `at` (which starts the schedule).
    public func firstPayment(pspReference: String, amount: AdyenAmount?, at: Instant) -> FactBatch {
        paid(AdyenRenewalReference(subscriptionID: subscriptionID, period: 0), pspReference: pspReference, amount: amount, start: at)
    }

    /// A period paid by `reference`'s attempt, of a subscription whose first payment was at `start`.
    public func paid(_ reference: AdyenRenewalReference, pspReference: String, amount: AdyenAmount?, start: Instant) -> FactBatch {
        let purchased = schedule.attemptTime(reference.period, attempt: reference.attempt, start: start)
        var transaction = TransactionFact(
            store: .adyen, environment: environment, transactionID: pspReference, subscriptionID: subscriptionID, productID: productID,
            purchasedAt: purchased, originalPurchasedAt: start, expiresAt: schedule.period.start(of: reference.period + 1, from: start),
            webOrderLineItemID: reference.lineItem, appAccountToken: subscriptionID, observedAt: purchased)
        transaction.price = amount?.money
        // A millisecond after the attempt's time: Adyen may report one attempt refused, then authorised;
        // whichever is heard first, the payment is the newer word.
        return FactBatch(
            transactions: [transaction], renewalInfos: [renewalInfo(at: purchased.adding(milliseconds: 1), renews: true, retrying: false)],
            storeReferences: [StoreReference(subscription: key, reference: pspReference)])
    }

    /// `reference`'s attempt refused, of a subscription whose first payment was at `start`.
    public func refused(_ reference: AdyenRenewalReference, start: Instant) -> FactBatch {
        let at = schedule.attemptTime(reference.period, attempt: reference.attempt, start: start)
        guard !schedule.isLastAttempt(reference.attempt) else {
            var lapse = renewalInfo(at: at, renews: false, retrying: false)
            lapse.expirationReason = .billingError
            return FactBatch(renewalInfos: [lapse])
        }
        return FactBatch(renewalInfos: [renewalInfo(at: at, renews: true, retrying: true)])
    }

    /// `transaction` cancelled at `at` (`reason`: `refund`, `chargeback`, `cancellation`), and the
    /// subscription's renewals with it.
    public func cancelled(_ transaction: TransactionFact, at: Instant, reason: String) -> FactBatch {
        var cancelled = transaction
        cancelled.cancelledAt = cancelled.cancelledAt ?? at
        cancelled.cancellationReason = cancelled.cancellationReason ?? reason
        var info = renewalInfo(at: at, renews: false, retrying: false)
        info.expirationReason = .voluntary
        return FactBatch(transactions: [cancelled], renewalInfos: [info])
    }

    /// The customer turned renewals off (`renews: false`: the subscription ends with the period paid) or
    /// back on, at `at`.
    public func renewal(turnedOn renews: Bool, at: Instant) -> FactBatch {
        var info = renewalInfo(at: at, renews: renews, retrying: nil)
        info.expirationReason = renews ? nil : .voluntary
        return FactBatch(renewalInfos: [info])
    }

    private func renewalInfo(at: Instant, renews: Bool, retrying: Bool?) -> RenewalInfoFact {
        RenewalInfoFact(
            store: .adyen, environment: environment, subscriptionID: subscriptionID, productID: productID, willAutoRenew: renews,
            autoRenewProductID: renews ? productID : nil, isInBillingRetryPeriod: retrying, observedAt: at)
    }
}
