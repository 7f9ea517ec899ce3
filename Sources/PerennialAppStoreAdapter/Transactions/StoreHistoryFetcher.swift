import PerennialAppStore
import PerennialCore
import PerennialServices

/// Reads a subscription's history and renewal status from the App Store Server API and turns every signed
/// item, verified, into facts.
struct StoreHistoryFetcher {
    let client: AppStoreServerAPIClient
    let verifier: SignedDataVerifier
    let clock: any Clock

    /// The transaction history and the current statuses, added to what is already known.
    func facts(originalTransactionID: String, adding known: FactBatch) async throws -> FactBatch {
        var facts = known
        try await mappingErrors {
            for try await page in client.transactionHistoryPages(originalTransactionID) {
                for signed in page.signedTransactions ?? [] {
                    if let fact = try await verifier.verifyAndDecodeTransaction(signed).transactionFact { facts.transactions.append(fact) }
                }
            }
        }
        let statuses = try await statusFacts(originalTransactionID: originalTransactionID)
        facts.transactions += statuses.transactions
        facts.renewalInfos += statuses.renewalInfos
        return facts
    }

    /// The latest transaction and renewal information of each of the customer's subscriptions (Get All
    /// Subscription Statuses): what a status poll needs.
    func statusFacts(originalTransactionID: String) async throws -> FactBatch {
        var facts = FactBatch()
        try await mappingErrors {
            let statuses = try await client.getAllSubscriptionStatuses(originalTransactionID)
            for item in (statuses.data ?? []).flatMap({ $0.lastTransactions ?? [] }) {
                if let signed = item.signedTransactionInfo, let fact = try await verifier.verifyAndDecodeTransaction(signed).transactionFact {
                    facts.transactions.append(fact)
                }
                if let signed = item.signedRenewalInfo,
                   let fact = try await verifier.verifyAndDecodeRenewalInfo(signed).renewalInfoFact(fallbackObservedAt: clock.now()) {
                    facts.renewalInfos.append(fact)
                }
            }
        }
        return facts
    }

    private func mappingErrors(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as VerificationError {
            throw error.perennialError
        } catch let error as AppStoreServerAPIError {
            throw error.perennialError
        }
    }
}
