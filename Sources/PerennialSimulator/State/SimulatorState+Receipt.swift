import PerennialAppStore
import PerennialCore

extension SimulatorState {
    /// The verifyReceipt answer (status 0) for a receipt, as it stands at `now`.
    func verifyReceiptResponse(for owner: ReceiptOwner, excludeOldTransactions: Bool, now: Instant) -> VerifyReceiptResponse {
        let account = accounts[owner]
        let purchases = (account?.transactionIDs ?? []).compactMap { transactions[$0] }
        let sandbox = owner.environment != .production

        var receipt = AppReceipt()
        receipt.receiptType = sandbox ? "ProductionSandbox" : "Production"
        let appID: Int64 = sandbox ? 0 : appAppleID(owner.bundleID)
        receipt.fields.values["adam_id"] = .integer(appID)
        receipt.fields.values["app_item_id"] = .integer(appID)
        receipt.fields.values["download_id"] = .integer(0)
        receipt.fields.values["version_external_identifier"] = .integer(0)
        receipt.bundleID = owner.bundleID
        receipt.applicationVersion = "1.0"
        receipt.originalApplicationVersion = "1.0"
        receipt.requestDate = now
        receipt.receiptCreationDate = account?.updatedAt ?? now
        receipt.originalPurchaseDate = account?.createdAt ?? now
        receipt.inApp = purchases.sorted(by: Self.oldestFirst).map(\.inAppPurchaseReceipt)

        var response = VerifyReceiptResponse(status: 0, environment: sandbox ? "Sandbox" : "Production", receipt: receipt)
        let renewables = purchases.filter { $0.productType == .autoRenewable }
        guard !renewables.isEmpty else { return response }
        var latest = renewables.sorted { Self.oldestFirst($1, $0) }
        if excludeOldTransactions {
            var seen: Set<String> = []
            latest = latest.filter { seen.insert($0.originalTransactionID).inserted }
        }
        response.latestReceipt = receiptData(for: owner, at: now)
        response.latestReceiptInfo = latest.map(\.inAppPurchaseReceipt)
        response.pendingRenewalInfo = subscriptions(of: owner).map { pendingRenewalInfo(for: $0, now: now) }
        return response
    }

    /// One `pending_renewal_info` entry.
    func pendingRenewalInfo(for subscription: SimulatedSubscription, now: Instant) -> PendingRenewalInfo {
        var info = PendingRenewalInfo()
        info.originalTransactionID = subscription.originalTransactionID
        info.productID = subscription.productID
        info.autoRenewProductID = subscription.renewalProductID
        info.autoRenewStatus = subscription.autoRenew && subscription.phase.isLive
        switch subscription.phase {
        case .active, .revoked:
            break
        case .billingRetry(_, let graceEnd):
            info.isInBillingRetryPeriod = true
            info.gracePeriodExpiresDate = graceEnd
        case .expired(let intent, _):
            info.expirationIntent = Int64(intent)
            info.isInBillingRetryPeriod = false
        }
        info.promotionalOfferID = upcomingPromotionalOffer(of: subscription)?.id
        if subscription.phase.isLive, let consent = subscription.priceConsent {
            info.priceConsentStatus = consent.appleStatus
        }
        return info
    }

    /// `adam_id` in production: configured, or 1_000_000_001 + the app's position.
    func appAppleID(_ bundleID: String) -> Int64 {
        let apps = configuration.apps
        guard let index = apps.firstIndex(where: { $0.bundleID == bundleID }) else { return 0 }
        return apps[index].appAppleID ?? 1_000_000_001 + Int64(index)
    }

    static func oldestFirst(_ lhs: SimulatedTransaction, _ rhs: SimulatedTransaction) -> Bool {
        if lhs.purchaseDate != rhs.purchaseDate { return lhs.purchaseDate < rhs.purchaseDate }
        return (Int64(lhs.transactionID) ?? 0) < (Int64(rhs.transactionID) ?? 0)
    }
}
