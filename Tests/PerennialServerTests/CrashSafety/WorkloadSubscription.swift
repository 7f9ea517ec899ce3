import PerennialAppStore
import PerennialCore

/// One subscription of the crash-safety workload: monthly transactions, each announced by one signed
/// notification carrying it and a renewal-info snapshot.
struct WorkloadSubscription: Sendable {
    /// How the subscription reaches a customer.
    enum Claim: Sendable, Hashable {
        /// The customer's app posted the first transaction (`POST /v1/transactions`) before any notification.
        case posted(appUserID: String)
        /// Bought on another device with the app account token of a customer whose app posted another
        /// subscription carrying it.
        case token(appUserID: String)
        /// Nobody claims it: its facts are stored and wait for a customer.
        case unclaimed
    }

    let key: SubscriptionKey
    let claim: Claim
    let transactions: [JWSTransactionDecodedPayload]
    let renewalInfos: [JWSRenewalInfoDecodedPayload]

    /// The customer who must own it once every notification is in.
    var owner: String? {
        switch claim {
        case .posted(let appUserID), .token(let appUserID): appUserID
        case .unclaimed: nil
        }
    }

    /// The facts verification derives from the signed data.
    var transactionFacts: [TransactionFact] { transactions.compactMap(\.transactionFact) }

    var renewalInfoFacts: [RenewalInfoFact] {
        renewalInfos.compactMap { $0.renewalInfoFact(fallbackObservedAt: Instant(milliseconds: 0)) }
    }
}
