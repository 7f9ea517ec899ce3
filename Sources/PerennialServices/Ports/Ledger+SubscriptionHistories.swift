import PerennialCore

extension Ledger {
    /// Every subscription the app holds transactions of (owned or not) that `include` accepts, each with all
    /// its transactions and, with `withRenewalInfos`, its renewal infos, read a page of 500 at a time: what the
    /// metrics and the payout forecast compute from. Its cost grows with the app's history.
    func subscriptionHistories(
        appID: String, withRenewalInfos: Bool,
        including include: @escaping @Sendable (SubscriptionKey, [TransactionFact]) -> Bool = { _, _ in true }
    ) async throws -> [SubscriptionMetrics.History] {
        let pageSize = 500
        var histories: [SubscriptionMetrics.History] = []
        var after: SubscriptionKey?
        while true {
            let cursor = after
            let (keys, page) = try await read { session in
                let keys = try await session.subscriptionKeys(appID: appID, after: cursor, limit: pageSize)
                var page: [SubscriptionMetrics.History] = []
                for key in keys {
                    let transactions = try await session.transactions(appID: appID, subscription: key)
                    guard include(key, transactions) else { continue }
                    page.append(SubscriptionMetrics.History(
                        transactions: transactions,
                        renewalInfos: withRenewalInfos ? try await session.renewalInfos(appID: appID, subscription: key) : []))
                }
                return (keys, page)
            }
            histories += page
            guard keys.count == pageSize, let last = keys.last else { return histories }
            after = last
        }
    }
}
