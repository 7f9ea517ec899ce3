import Foundation
import PerennialCore

/// Small builders for the values the storage tests store.
enum Fixtures {
    static func instant(_ milliseconds: Int64) -> Instant { Instant(milliseconds: milliseconds) }

    static func transaction(
        _ id: String, original: String = "1000", product: String = "pro.monthly", purchasedAt: Int64 = 1_000,
        expiresAt: Int64? = 2_000, cancelledAt: Int64? = nil, store: Store = .appStore
    ) -> TransactionFact {
        TransactionFact(
            store: store, environment: .production, transactionID: id, subscriptionID: original,
            productID: product, purchasedAt: instant(purchasedAt), expiresAt: expiresAt.map(instant),
            cancelledAt: cancelledAt.map(instant), cancellationReason: cancelledAt == nil ? nil : "0"
        )
    }

    static func renewalInfo(
        original: String = "1000", observedAt: Int64, willAutoRenew: Bool = true
    ) -> RenewalInfoFact {
        RenewalInfoFact(
            store: .appStore, environment: .production, subscriptionID: original, productID: "pro.monthly",
            willAutoRenew: willAutoRenew, observedAt: instant(observedAt)
        )
    }

    static func key(_ original: String, store: Store = .appStore) -> SubscriptionKey {
        SubscriptionKey(store: store, id: original)
    }

    static func state(
        _ original: String, status: SubscriptionStatus = .active, store: Store = .appStore, expiresAt: Int64? = 2_000
    ) -> SubscriptionState {
        SubscriptionState(
            key: key(original, store: store), environment: .production, productType: .autoRenewable,
            productID: "pro.monthly", status: status, originalPurchasedAt: instant(1_000),
            latestPurchasedAt: instant(1_000), expiresAt: expiresAt.map(instant), willRenew: true,
            latestTransactionID: original
        )
    }

    static func event(
        _ kind: LifecycleEventKind, original: String = "1000", occurredAt: Int64, details: [String: String] = [:]
    ) -> LifecycleEvent {
        LifecycleEvent(
            kind: kind, subscription: key(original), productID: "pro.monthly", occurredAt: instant(occurredAt),
            details: details
        )
    }
}
