import Foundation
import PerennialCore

/// A simulated purchase as the v1 `purchases.subscriptions.get` returns it (`SubscriptionPurchase`, deprecated
/// by Google but still served): times and amounts in milliseconds and micros as strings, states as Google's
/// numbers, absent fields left out.
enum PlaySubscriptionV1JSON {
    static func render(_ purchase: PlaySimulatedPurchase) -> [String: Any] {
        let product = purchase.product
        var body: [String: Any] = [
            "kind": "androidpublisher#subscriptionPurchase",
            "startTimeMillis": "\(purchase.startTime.milliseconds)",
            "expiryTimeMillis": "\(expiry(purchase).milliseconds)",
            "autoRenewing": purchase.autoRenew && purchase.phase != .expired,
            "priceCurrencyCode": product.currency,
            "priceAmountMicros": "\(product.recurringPriceMicros)",
            "countryCode": "US",
            "developerPayload": "",
            "orderId": purchase.latestOrderID,
            "acknowledgementState": purchase.acknowledged ? 1 : 0,
            // 0: bought by a license tester, as every simulated purchase is.
            "purchaseType": 0,
        ]
        if let state = paymentState(purchase) { body["paymentState"] = state }
        if let cancellation = purchase.cancellation, purchase.phase == .canceled || purchase.phase == .expired {
            body["cancelReason"] = cancelReason(cancellation)
        }
        if purchase.phase == .paused, let resumes = purchase.autoResumeTime {
            body["autoResumeTimeMillis"] = "\(resumes.milliseconds)"
        }
        if purchase.offerPhase == .introductory {
            body["introductoryPriceInfo"] = [
                "introductoryPriceCurrencyCode": product.currency,
                "introductoryPriceAmountMicros": "\(product.introductoryPriceMicros)",
                "introductoryPricePeriod": product.billingPeriod, "introductoryPriceCycles": product.introductoryPeriods,
            ]
        }
        if let linked = purchase.linkedPurchaseToken { body["linkedPurchaseToken"] = linked }
        if let account = purchase.obfuscatedAccountID { body["obfuscatedExternalAccountId"] = account }
        return body
    }

    /// `expiryTimeMillis`: the end of the period, or of the grace period while in it (access lasts to then).
    static func expiry(_ purchase: PlaySimulatedPurchase) -> Instant {
        if purchase.phase == .inGracePeriod, let failedAt = purchase.failedAt {
            return failedAt.adding(milliseconds: PlaySimulator.graceMinutes * 60_000)
        }
        return purchase.expiryTime
    }

    /// 0 payment pending (grace period, account hold), 1 received, 2 free trial; absent once expired.
    static func paymentState(_ purchase: PlaySimulatedPurchase) -> Int? {
        switch purchase.phase {
        case .expired: nil
        case .inGracePeriod, .onHold: 0
        case .active, .canceled, .paused: purchase.offerPhase == .freeTrial ? 2 : 1
        }
    }

    /// 0 the user, 1 the system (billing), 2 replaced by an upgrade or downgrade, 3 the developer.
    static func cancelReason(_ cancellation: PlaySimulatedPurchase.Cancellation) -> Int {
        switch cancellation {
        case .user: 0
        case .system: 1
        case .replacement: 2
        case .developer: 3
        }
    }
}
