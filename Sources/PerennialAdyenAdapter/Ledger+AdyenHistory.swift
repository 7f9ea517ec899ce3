import PerennialCore
import PerennialServices

extension Ledger {
    /// What was recorded of one Adyen subscription, read together: its transactions and renewal infos, from
    /// which its schedule's record is read back (`AdyenRenewalSchedule.record`).
    func adyenHistory(appID: String, subscription key: SubscriptionKey) async throws -> (transactions: [TransactionFact], renewalInfos: [RenewalInfoFact]) {
        try await read { ledger in
            (try await ledger.transactions(appID: appID, subscription: key), try await ledger.renewalInfos(appID: appID, subscription: key))
        }
    }
}
