import Foundation
import PerennialCore
import PerennialServices

/// Checks one subscription's status with Apple and ingests what changed: through the App Store Server API's
/// subscription statuses when the app has credentials, else through verifyReceipt with
/// exclude-old-transactions on the owner's latest receipt. Facts merge, so a poll that repeats a
/// notification changes nothing.
public struct StatusPollJob: JobHandler {
    /// The job kind.
    public static let jobKind = StatusPoll.jobKind
    public let kind = Self.jobKind

    let apps: AppDirectory
    let ledger: any Ledger
    let receipts: ReceiptService
    let transactions: SignedTransactionService

    public init(apps: AppDirectory, ledger: any Ledger, receipts: ReceiptService, transactions: SignedTransactionService) {
        self.apps = apps
        self.ledger = ledger
        self.receipts = receipts
        self.transactions = transactions
    }

    public func run(_ job: Job) async throws {
        let payload = try JSONDecoder().decode(StatusPoll.Payload.self, from: job.payload)
        let app = try apps.configuredApp(id: payload.appID)
        let key = SubscriptionKey(store: .appStore, id: payload.subscriptionID)
        if let client = transactions.serverAPI.client(for: app) {
            let state = try await ledger.read { try await $0.subscriptionState(appID: app.id, subscription: key) }
            let verifier = try transactions.verifiers.verifier(for: app, environment: state?.environment ?? .production)
            let facts = try await StoreHistoryFetcher(client: client, verifier: verifier, clock: transactions.clock)
                .statusFacts(originalTransactionID: payload.subscriptionID)
            try await transactions.ingestor.ingestForOwners(facts, app: app)
            return
        }
        guard app.apple?.receiptValidation != .local,
              let token = try await ledger.read({
                  try await $0.storeToken(appID: app.id, appUserID: payload.ownerAppUserID, store: .appStore, kind: .receipt)
              })
        else { return }
        let receipt = try receipts.secrets.openString(token.sealed)
        let outcome = await receipts.verifier.verify(receiptData: receipt, app: app, excludeOldTransactions: true)
        try await receipts.apply(outcome, app: app, appUserID: payload.ownerAppUserID, receiptData: receipt)
    }
}
