import PerennialCore

extension PayPalSubscriptionSnapshot {
    /// A suspension with no failed payments behind it is the merchant's pause, with no date to resume: the
    /// engine keeps a subscription paused while `pausedUntil` is ahead, so 9999-12-31 stands for "until
    /// someone reactivates it".
    public static let openEndedPause = Instant(milliseconds: 253_402_300_799_999)

    /// The subscription's renewal info, from its status and its billing:
    ///
    /// - `ACTIVE`: renews. Owing money or counting failed payments (PayPal keeps such a subscription ACTIVE
    ///   until the plan's failure threshold), it is in billing retry: paid through its last payment's period,
    ///   not entitled beyond it.
    /// - `SUSPENDED`: after failed payments, billing retry as above; otherwise the merchant paused it.
    /// - `CANCELLED`: does not renew; a billing error when it ended owing money, voluntary otherwise. The
    ///   period paid stays paid.
    /// - `EXPIRED`: every cycle ran; does not renew.
    func renewalInfo(status: PayPalSubscriptionStatus) -> RenewalInfoFact? {
        guard let productID = subscription.planID else { return nil }
        var info = RenewalInfoFact(
            store: .payPal, environment: environment, subscriptionID: subscription.id, productID: productID, observedAt: observedAt)
        let inArrears = subscription.billingInfo?.isInArrears ?? false
        switch status {
        case .active:
            info.willAutoRenew = true
            info.isInBillingRetryPeriod = inArrears
        case .suspended:
            info.willAutoRenew = true
            if inArrears {
                info.isInBillingRetryPeriod = true
            } else {
                info.isInBillingRetryPeriod = false
                info.pausedUntil = Self.openEndedPause
            }
        case .cancelled:
            info.willAutoRenew = false
            info.expirationReason = inArrears ? .billingError : .voluntary
        case .expired:
            info.willAutoRenew = false
            info.expirationReason = .unknown
        default:
            return nil
        }
        return info
    }
}
