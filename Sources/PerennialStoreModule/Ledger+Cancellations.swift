import PerennialCore
import PerennialServices

extension Ledger {
    /// When each of a subscription's recorded transactions was cancelled (refunded, reversed), by transaction
    /// id: a store whose refund events name a payment dates a refund it reads back as it was recorded.
    public func cancellations(appID: String, subscription: SubscriptionKey) async throws -> [String: Instant] {
        let facts = try await read { try await $0.transactions(appID: appID, subscription: subscription) }
        return Dictionary(facts.compactMap { fact in fact.cancelledAt.map { (fact.transactionID, $0) } }) { first, _ in first }
    }
}
