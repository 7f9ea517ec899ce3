import Foundation
import PerennialCore

/// The facts: transactions and renewal-info snapshots as the stores reported them. A role of `LedgerSession`: every
/// write is idempotent, and runs inside the caller's `Ledger` write or read.
public protocol FactRecords: Sendable {
    /// Stores transactions. A transaction already stored (same store and transaction id) is replaced by
    /// `stored.merged(with: new)`, so information is only ever added.
    func saveTransactions(appID: String, _ transactions: [TransactionFact], recordedAt: Instant) async throws

    /// Stores renewal-info snapshots; a snapshot already stored (same subscription and `observedAt`) is
    /// replaced only if the new one differs.
    func saveRenewalInfos(appID: String, _ renewalInfos: [RenewalInfoFact], recordedAt: Instant) async throws

    /// `saveTransactions` then `saveRenewalInfos`, which a database may send in one statement.
    func saveFacts(appID: String, transactions: [TransactionFact], renewalInfos: [RenewalInfoFact], recordedAt: Instant) async throws

    /// Every stored transaction of one subscription, in no particular order.
    func transactions(appID: String, subscription: SubscriptionKey) async throws -> [TransactionFact]

    /// The subscriptions (and one-time purchases) the app holds transactions of, owned or not, in key order
    /// after `after` (nil: from the start), at most `limit`.
    func subscriptionKeys(appID: String, after: SubscriptionKey?, limit: Int) async throws -> [SubscriptionKey]

    /// Every stored renewal-info snapshot of one subscription, in no particular order.
    func renewalInfos(appID: String, subscription: SubscriptionKey) async throws -> [RenewalInfoFact]
}

extension FactRecords {
    public func saveFacts(
        appID: String, transactions: [TransactionFact], renewalInfos: [RenewalInfoFact], recordedAt: Instant
    ) async throws {
        try await saveTransactions(appID: appID, transactions, recordedAt: recordedAt)
        try await saveRenewalInfos(appID: appID, renewalInfos, recordedAt: recordedAt)
    }
}
