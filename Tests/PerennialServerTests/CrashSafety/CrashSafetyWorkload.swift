import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting

/// Signed version 2 notifications for many monthly subscriptions (SUBSCRIBED, then DID_RENEW for each
/// renewal), each with a distinct notificationUUID and transaction, in a seeded random order.
///
/// A third of the subscriptions is claimed beforehand by a customer's app (`POST /v1/transactions` with an
/// app account token), a third carries such a customer's token (bought on another device), a third belongs to
/// nobody. Periods are 30 days and end in the past except the last, which ends about 10 days after `now`, so the
/// final states and events do not depend on when the notifications are processed.
struct CrashSafetyWorkload: Sendable {
    static let day: Int64 = 86_400_000
    static let period = 30 * day

    let subscriptions: [WorkloadSubscription]
    let notifications: [WorkloadNotification]
    let claims: [WorkloadClaim]

    /// Plans the subscriptions and signs their notifications, on every core (signing dominates).
    static func generate(signer: JWSSigner, subscriptionCount: Int, renewals: Int, now: Instant, seed: UInt64) async throws -> Self {
        var signer = signer
        signer.headerOverride = signer.headerJSON
        var tokens: [String: String] = [:]
        let subscriptions = (0..<subscriptionCount).map { index in
            let customer = "crash-customer-\(index / 3)"
            let claim: WorkloadSubscription.Claim = switch index % 3 {
            case 0: .posted(appUserID: customer)
            case 1: .token(appUserID: customer)
            default: .unclaimed
            }
            if tokens[customer] == nil { tokens[customer] = UUID().uuidString.lowercased() }
            let start = now.adding(milliseconds: -Int64(renewals + 1) * period + 10 * day + Int64(index) * 1_000)
            return subscription(index: index, claim: claim, token: claim == .unclaimed ? nil : tokens[customer], start: start, periods: renewals + 1)
        }
        let chunkSize = max(1, subscriptionCount / max(1, ProcessInfo.processInfo.activeProcessorCount))
        let signed = try await withThrowingTaskGroup(of: [(notifications: [WorkloadNotification], claim: WorkloadClaim?)].self) { group in
            for chunk in stride(from: 0, to: subscriptionCount, by: chunkSize) {
                let slice = subscriptions[chunk..<min(chunk + chunkSize, subscriptionCount)]
                group.addTask { [signer] in try slice.map { try sign($0, signer: signer) } }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        var generator = SplitMix64(state: seed)
        return CrashSafetyWorkload(
            subscriptions: subscriptions, notifications: signed.flatMap(\.notifications).shuffled(using: &generator),
            claims: signed.compactMap(\.claim)
        )
    }

    /// The subscription's notifications, and the customer's post of its first transaction when it is claimed.
    private static func sign(
        _ subscription: WorkloadSubscription, signer: JWSSigner
    ) throws -> (notifications: [WorkloadNotification], claim: WorkloadClaim?) {
        let signedTransactions = try subscription.transactions.map { try signer.sign($0) }
        var notifications: [WorkloadNotification] = []
        for (position, (transaction, renewal)) in zip(subscription.transactions, subscription.renewalInfos).enumerated() {
            notifications.append(try notification(
                signer: signer, first: position == 0, signedDate: transaction.signedDate ?? Instant(milliseconds: 0),
                signedTransaction: signedTransactions[position], signedRenewalInfo: try signer.sign(renewal)
            ))
        }
        guard case .posted(let appUserID) = subscription.claim else { return (notifications, nil) }
        let body = try JSONSerialization.data(withJSONObject: ["app_user_id": appUserID, "signed_transaction": signedTransactions[0]])
        return (notifications, WorkloadClaim(appUserID: appUserID, body: body))
    }

    private static func subscription(
        index: Int, claim: WorkloadSubscription.Claim, token: String?, start: Instant, periods: Int
    ) -> WorkloadSubscription {
        let original = String(4_000_000_000_000 + Int64(index) * 100)
        var transactions: [JWSTransactionDecodedPayload] = []
        var renewals: [JWSRenewalInfoDecodedPayload] = []
        for period in 0..<periods {
            let purchased = start.adding(milliseconds: Int64(period) * Self.period)
            let signed = purchased.adding(milliseconds: 60_000)
            var transaction = JWSTransactionDecodedPayload()
            transaction.transactionId = String(4_000_000_000_000 + Int64(index) * 100 + Int64(period))
            transaction.originalTransactionId = original
            transaction.webOrderLineItemId = "\(original).\(period)"
            transaction.bundleId = CrashSafetyWorkspace.bundleID
            transaction.productId = CrashSafetyWorkspace.productID
            transaction.purchaseDate = purchased
            transaction.originalPurchaseDate = start
            transaction.expiresDate = purchased.adding(milliseconds: Self.period)
            transaction.quantity = 1
            transaction.type = .autoRenewableSubscription
            transaction.appAccountToken = token
            transaction.inAppOwnershipType = .purchased
            transaction.signedDate = signed
            transaction.environment = .sandbox
            transaction.transactionReason = period == 0 ? .purchase : .renewal
            transaction.currency = "USD"
            transaction.price = 9_990
            transactions.append(transaction)

            var renewal = JWSRenewalInfoDecodedPayload()
            renewal.originalTransactionId = original
            renewal.productId = CrashSafetyWorkspace.productID
            renewal.autoRenewProductId = CrashSafetyWorkspace.productID
            renewal.autoRenewStatus = .on
            renewal.isInBillingRetryPeriod = false
            renewal.signedDate = signed
            renewal.environment = .sandbox
            renewal.renewalDate = transaction.expiresDate
            renewals.append(renewal)
        }
        return WorkloadSubscription(
            key: SubscriptionKey(store: .appStore, id: original), claim: claim, transactions: transactions,
            renewalInfos: renewals
        )
    }

    private static func notification(
        signer: JWSSigner, first: Bool, signedDate: Instant, signedTransaction: String, signedRenewalInfo: String
    ) throws -> WorkloadNotification {
        let uuid = UUID().uuidString.lowercased()
        var payload = ResponseBodyV2DecodedPayload()
        payload.notificationType = first ? .subscribed : .didRenew
        payload.subtype = first ? .initialBuy : nil
        payload.notificationUUID = uuid
        payload.version = "2.0"
        payload.signedDate = signedDate
        var data = NotificationData()
        data.bundleId = CrashSafetyWorkspace.bundleID
        data.environment = .sandbox
        data.signedTransactionInfo = signedTransaction
        data.signedRenewalInfo = signedRenewalInfo
        data.status = .active
        payload.data = data
        let body = try JSONSerialization.data(withJSONObject: ["signedPayload": try signer.sign(payload)])
        return WorkloadNotification(uuid: uuid, body: body)
    }
}
