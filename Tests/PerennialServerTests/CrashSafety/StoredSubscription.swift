import PerennialCore
import PerennialServices

/// What the ledger holds about one subscription, read in one transaction.
struct StoredSubscription: Sendable {
    var transactions: [TransactionFact]
    var renewalInfos: [RenewalInfoFact]
    var owner: String?
    var state: SubscriptionState?
    var events: [StoredEvent]
}
