import Foundation
import PerennialAppStore
import PerennialCore

/// App Store-shaped payloads for the bench app, to be signed by the simulator's authority.
enum SignedPayloads {
    /// A renewal of customer `index`'s subscription: transaction `transactionID`, bought at `now`.
    static func renewalTransaction(customer index: Int, transactionID: String, now: Instant) -> JWSTransactionDecodedPayload {
        let original = BenchApp.originalTransactionID(index)
        var payload = JWSTransactionDecodedPayload()
        payload.transactionId = transactionID
        payload.originalTransactionId = original
        payload.webOrderLineItemId = transactionID
        payload.bundleId = BenchApp.bundleID
        payload.productId = BenchApp.productID
        payload.subscriptionGroupIdentifier = "pro"
        payload.purchaseDate = now
        payload.originalPurchaseDate = now.adding(milliseconds: -3 * BenchApp.yearMilliseconds)
        payload.expiresDate = now.adding(milliseconds: BenchApp.yearMilliseconds)
        payload.quantity = 1
        payload.type = .autoRenewableSubscription
        payload.inAppOwnershipType = .purchased
        payload.signedDate = now
        payload.environment = .sandbox
        payload.storefront = "USA"
        payload.storefrontId = "143441"
        payload.transactionReason = .renewal
        payload.currency = "USD"
        payload.price = 49_990
        return payload
    }

    /// The renewal info of customer `index`'s subscription, auto-renew on.
    static func renewalInfo(customer index: Int, now: Instant) -> JWSRenewalInfoDecodedPayload {
        var payload = JWSRenewalInfoDecodedPayload()
        payload.originalTransactionId = BenchApp.originalTransactionID(index)
        payload.productId = BenchApp.productID
        payload.autoRenewProductId = BenchApp.productID
        payload.autoRenewStatus = .on
        payload.signedDate = now
        payload.environment = .sandbox
        payload.recentSubscriptionStartDate = now.adding(milliseconds: -3 * BenchApp.yearMilliseconds)
        payload.renewalDate = now.adding(milliseconds: BenchApp.yearMilliseconds)
        return payload
    }

    /// A `DID_RENEW` notification carrying the signed transaction and renewal info.
    static func didRenew(signedTransaction: String, signedRenewalInfo: String, now: Instant) -> ResponseBodyV2DecodedPayload {
        var data = NotificationData()
        data.bundleId = BenchApp.bundleID
        data.environment = .sandbox
        data.signedTransactionInfo = signedTransaction
        data.signedRenewalInfo = signedRenewalInfo
        var payload = ResponseBodyV2DecodedPayload()
        payload.notificationType = .didRenew
        payload.notificationUUID = UUID().uuidString.lowercased()
        payload.data = data
        payload.version = "2.0"
        payload.signedDate = now
        return payload
    }
}
