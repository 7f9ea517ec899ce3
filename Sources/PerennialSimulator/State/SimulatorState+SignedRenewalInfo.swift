import PerennialAppStore
import PerennialCore

extension SimulatorState {
    /// A subscription's renewal info as the App Store signs it (`JWSRenewalInfoDecodedPayload`).
    func renewalInfoPayload(_ subscription: SimulatedSubscription, signedDate: Instant) -> JWSRenewalInfoDecodedPayload {
        var payload = JWSRenewalInfoDecodedPayload()
        payload.originalTransactionId = subscription.originalTransactionID
        payload.productId = subscription.productID
        payload.autoRenewProductId = subscription.renewalProductID
        payload.autoRenewStatus = subscription.autoRenew && subscription.phase.isLive ? .on : .off
        switch subscription.phase {
        case .active:
            payload.isInBillingRetryPeriod = false
        case .billingRetry(_, let graceEnd):
            payload.isInBillingRetryPeriod = true
            payload.gracePeriodExpiresDate = graceEnd
        case .expired(let intent, _):
            payload.expirationIntent = ExpirationIntent(rawValue: intent)
            payload.isInBillingRetryPeriod = false
        case .revoked:
            break
        }
        if subscription.phase.isLive, let consent = subscription.priceConsent {
            payload.priceIncreaseStatus = consent == .consented ? .customerConsentedOrWasNotified : .customerHasNotResponded
        }
        payload.signedDate = signedDate
        payload.environment = Self.appleEnvironment(subscription.owner.environment)
        payload.recentSubscriptionStartDate = subscription.recentStartDate
        payload.renewalDate = subscription.expiresDate
        payload.currency = Self.storefront.currency
        let renewalProduct = product(subscription.owner.bundleID, subscription.renewalProductID)
        var renewalPrice = renewalProduct?.priceMilliunits ?? 0
        if let promotion = upcomingPromotionalOffer(of: subscription) {
            payload.offerType = .promotional
            payload.offerIdentifier = promotion.id
            payload.offerDiscountType = Self.discountType(of: promotion)
            renewalPrice = promotion.chargeMilliunits
        } else if case .intro(let remaining) = subscription.offer, remaining > 0,
            subscription.renewalProductID == subscription.productID
        {
            payload.offerType = .introductory
            payload.offerDiscountType = .payAsYouGo
            renewalPrice /= 2
        }
        payload.renewalPrice = renewalPrice
        payload.appAccountToken = subscription.appAccountToken
        return payload
    }

    /// The subscription's renewal info JWS, or nil when it is unknown.
    func signedRenewalInfo(_ originalTransactionID: String, signedDate: Instant) -> String? {
        guard let subscription = subscriptions[originalTransactionID] else { return nil }
        return try? SimulatorJWS.sign(renewalInfoPayload(subscription, signedDate: signedDate), with: authority)
    }

    /// Apple's subscription status: 1 active, 2 expired, 3 billing retry, 4 grace period, 5 revoked.
    func appleStatus(of subscription: SimulatedSubscription, at now: Instant) -> Int {
        switch subscription.phase {
        case .active: 1
        case .expired: 2
        case .billingRetry(_, let graceEnd): graceEnd.map { $0 > now } == true ? 4 : 3
        case .revoked: 5
        }
    }
}
