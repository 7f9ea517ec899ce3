import PerennialCore

extension SimulatorState {
    /// A subscription as the control API shows it.
    func summary(of subscription: SimulatedSubscription, now: Instant) -> SubscriptionSummary {
        var status: String
        var graceEnd: Instant?
        var intent: Int?
        switch subscription.phase {
        case .active:
            switch subscription.offer {
            case .trial: status = "trial"
            case .intro: status = transactions[subscription.latestTransactionID]?.isInIntroOfferPeriod == true ? "intro" : "active"
            case .none: status = "active"
            case .promotional: status = "promotional_offer"
            }
        case .billingRetry(_, let end):
            graceEnd = end
            status = end.map { $0 > now } == true ? "grace_period" : "billing_retry"
        case .expired(let code, _):
            status = "expired"
            intent = code
        case .revoked:
            status = "revoked"
        }
        return SubscriptionSummary(
            originalTransactionID: subscription.originalTransactionID, environment: subscription.owner.environment,
            account: subscription.owner.account, bundleID: subscription.owner.bundleID,
            productID: subscription.productID, renewalProductID: subscription.renewalProductID, status: status,
            autoRenew: subscription.autoRenew && subscription.phase.isLive, billingFailing: subscription.billingFailing,
            expiresAt: subscription.expiresDate, gracePeriodExpiresAt: graceEnd, expirationIntent: intent,
            priceIncrease: subscription.priceConsent?.rawValue, renewalCount: subscription.renewalCount,
            ownership: subscription.ownership, sharedFrom: subscription.sharedFrom,
            familyMembers: subscription.familyMembers.keys.sorted(),
            latestTransactionID: subscription.latestTransactionID, transactionIDs: subscription.transactionIDs)
    }

    /// Everything about one account, optionally narrowed to an app and an environment.
    func report(account: String, bundleID: String?, environment: StoreEnvironment?, now: Instant) -> AccountReport {
        func matches(_ owner: ReceiptOwner) -> Bool {
            owner.account == account && (bundleID == nil || owner.bundleID == bundleID)
                && (environment == nil || owner.environment == environment)
        }
        let owners = accounts.keys.filter(matches).sorted()
        return AccountReport(
            account: account,
            receipts: owners.map {
                AccountReport.Receipt(
                    environment: $0.environment.rawValue, bundleID: $0.bundleID,
                    receiptData: receiptData(for: $0, at: now))
            },
            subscriptions: owners.flatMap { subscriptions(of: $0) }.map { summary(of: $0, now: now) },
            events: events.filter {
                matches(ReceiptOwner(environment: $0.environment, account: $0.account, bundleID: $0.bundleID))
            })
    }
}
