import PerennialAppStore
import PerennialCore

/// Builds verifyReceipt responses for the translator and inspection tables.
enum ReceiptBuilder {
    static let productWeekly = "com.example.anchor.pro.weekly"
    static let productYearly = "com.example.anchor.pro.yearly"

    static func entry(
        _ transactionID: String, original: String? = nil, product: String = productWeekly, purchased: Int64,
        expires: Int64? = nil, trial: Bool = false, intro: Bool = false, cancelled: Int64? = nil,
        cancellationReason: String? = nil, upgraded: Bool = false, ownership: String = "PURCHASED"
    ) -> InAppPurchaseReceipt {
        var entry = InAppPurchaseReceipt()
        entry.quantity = 1
        entry.productID = product
        entry.transactionID = transactionID
        entry.originalTransactionID = original ?? transactionID
        entry.purchaseDate = Instant(milliseconds: purchased)
        entry.originalPurchaseDate = Instant(milliseconds: purchased)
        entry.expiresDate = expires.map(Instant.init(milliseconds:))
        entry.cancellationDate = cancelled.map(Instant.init(milliseconds:))
        entry.cancellationReason = cancellationReason
        entry.isTrialPeriod = trial
        entry.isInIntroOfferPeriod = intro
        if upgraded { entry.isUpgraded = true }
        entry.inAppOwnershipType = ownership
        entry.webOrderLineItemID = "woli-\(transactionID)"
        entry.subscriptionGroupIdentifier = "21482457"
        return entry
    }

    static func renewal(
        _ original: String, product: String = productWeekly, renewsTo: String? = nil, autoRenew: Bool,
        intent: Int64? = nil, billingRetry: Bool? = nil, grace: Int64? = nil
    ) -> PendingRenewalInfo {
        var info = PendingRenewalInfo()
        info.originalTransactionID = original
        info.productID = product
        info.autoRenewProductID = renewsTo ?? product
        info.autoRenewStatus = autoRenew
        info.expirationIntent = intent
        info.isInBillingRetryPeriod = billingRetry
        info.gracePeriodExpiresDate = grace.map(Instant.init(milliseconds:))
        return info
    }

    static func response(
        status: Int = 0, environment: String? = "Sandbox", requestDate: Int64?, inApp: [InAppPurchaseReceipt] = [],
        latest: [InAppPurchaseReceipt] = [], renewals: [PendingRenewalInfo] = []
    ) -> VerifyReceiptResponse {
        var receipt = AppReceipt()
        receipt.receiptType = environment == "Production" ? "Production" : "ProductionSandbox"
        receipt.bundleID = "com.example.anchor"
        receipt.requestDate = requestDate.map(Instant.init(milliseconds:))
        receipt.receiptCreationDate = requestDate.map { Instant(milliseconds: $0 - 60_000) }
        receipt.inApp = inApp
        return VerifyReceiptResponse(
            status: status, environment: environment, receipt: receipt, latestReceipt: "base64",
            latestReceiptInfo: latest.isEmpty ? nil : latest, pendingRenewalInfo: renewals.isEmpty ? nil : renewals
        )
    }
}
