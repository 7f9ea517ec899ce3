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
    let statuses: AppStoreStatuses
    let ingestor: FactIngestor

    /// Polls through `statuses` when the app has Server API credentials, else through `receipts` with the
    /// owner's stored receipt.
    public init(apps: AppDirectory, ledger: any Ledger, receipts: ReceiptService, statuses: AppStoreStatuses, clock: any Clock) {
        self.apps = apps
        self.ledger = ledger
        self.receipts = receipts
        self.statuses = statuses
        ingestor = FactIngestor(ledger: ledger, clock: clock)
    }

    public func run(_ job: Job) async throws {
        let payload = try JSONDecoder().decode(StatusPoll.Payload.self, from: job.payload)
        let app = try apps.configuredApp(id: payload.appID)
        let key = SubscriptionKey(store: .appStore, id: payload.subscriptionID)
        if let facts = try await statuses.facts(of: key, app: app) {
            try await ingestor.ingestForOwners(facts, app: app)
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
