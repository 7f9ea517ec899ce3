import Logging
import PerennialAppStore
import PerennialCore
import PerennialServices

/// Takes a signed transaction a StoreKit 2 app sent (`Transaction.jwsRepresentation`), verifies it, and —
/// when the app has App Store Server API credentials — completes it with the subscription's history and
/// renewal status from Apple, every item verified too. Then the customer is brought up to date. When Apple
/// cannot answer now (the Server API, or a revocation check), the transaction is queued, sealed, and
/// completed later without the app retrying.
public struct SignedTransactionService: Sendable {
    /// The job kind that completes a queued transaction.
    public static let jobKind = PendingTransaction.jobKind

    let verifiers: SignedDataVerifiers
    let serverAPI: ServerAPIClients
    let ingestor: FactIngestor
    let customers: CustomerService
    let jobs: any JobQueue
    let secrets: SecretBox
    let clock: any Clock
    let logger: Logger
    /// How long an app waits before it is answered pending (`PurchaseSubmitter`).
    let patience: Duration
    /// Counts signed transactions checked, by outcome.
    let telemetry: Telemetry

    public init(
        verifiers: SignedDataVerifiers, serverAPI: ServerAPIClients, ledger: any Ledger, jobs: any JobQueue, secrets: SecretBox,
        clock: any Clock, logger: Logger, patience: Duration = PurchaseSubmitter.defaultPatience, telemetry: Telemetry = .off
    ) {
        self.telemetry = telemetry
        self.verifiers = verifiers
        self.patience = patience
        self.serverAPI = serverAPI
        self.jobs = jobs
        self.secrets = secrets
        ingestor = FactIngestor(ledger: ledger, clock: clock)
        customers = CustomerService(ledger: ledger, clock: clock)
        self.clock = clock
        self.logger = logger
    }

    /// Verifies and ingests a signed transaction for a customer: validated, with the customer as now known,
    /// or pending when Apple could not answer and the transaction was queued.
    public func submit(app: AppSettings, appUserID: String, signedTransaction: String) async throws -> PurchaseSubmission {
        try ReceiptService.validate(appUserID: appUserID, receiptData: nil)
        guard signedTransaction.utf8.count <= 64 * 1024, signedTransaction.split(separator: ".", omittingEmptySubsequences: false).count == 3 else {
            throw PerennialError(.invalidSignedTransaction, "signed_transaction must be a compact JWS")
        }
        let pending = PendingTransaction(appID: app.id, appUserID: appUserID, signedTransaction: signedTransaction)
        return try await submitter.submit(pending, app: app) {
            try await complete(app: app, appUserID: appUserID, signedTransaction: signedTransaction)
        }
    }

    var submitter: PurchaseSubmitter {
        PurchaseSubmitter(jobs: jobs, secrets: secrets, customers: customers, clock: clock, logger: logger, patience: patience)
    }

    /// Completes a signed transaction queued while Apple could not answer (job `transaction.complete`).
    public func pendingTransactionJob(apps: AppDirectory) -> any JobHandler {
        PendingPurchaseJob<PendingTransaction>(apps: apps, jobs: jobs, secrets: secrets) { pending, app in
            _ = try await complete(app: app, appUserID: pending.appUserID, signedTransaction: pending.signedTransaction)
        }
    }

    /// Verifies the transaction, completes it with its history when the app has Server API credentials, and
    /// ingests it; throws `unavailable` when Apple cannot answer now. When only the history is missing, the
    /// verified transaction itself is ingested first, so the customer's access does not wait for Apple.
    /// Answers the customer as the last write left them.
    func complete(app: AppSettings, appUserID: String, signedTransaction: String) async throws -> CustomerView {
        let verifier = try verifiers.verifier(for: app, signed: signedTransaction)
        let transaction = try await decode(signedTransaction, with: verifier)
        guard let fact = transaction.transactionFact else {
            throw PerennialError(.signedTransactionIncomplete, "the transaction lacks an id, a product or a purchase date")
        }
        let known = FactBatch(transactions: [fact])
        guard let client = serverAPI.client(for: app) else {
            return try await ingestor.ingest(known, app: app, appUserID: appUserID)
        }
        let facts: FactBatch
        do {
            facts = try await StoreHistoryFetcher(client: client, verifier: verifier, clock: clock)
                .facts(originalTransactionID: fact.subscriptionID, adding: known)
        } catch let error as PerennialError where error.kind == .unavailable {
            try await ingestor.ingest(known, app: app, appUserID: appUserID)
            throw error
        }
        return try await ingestor.ingest(facts, app: app, appUserID: appUserID)
    }

    private func decode(_ signed: String, with verifier: SignedDataVerifier) async throws -> JWSTransactionDecodedPayload {
        do {
            let transaction = try await verifier.verifyAndDecodeTransaction(signed)
            telemetry.verification(kind: "app_store_transaction", outcome: "verified")
            return transaction
        } catch {
            let refusal = error.perennialError
            telemetry.verification(kind: "app_store_transaction", outcome: refusal.code)
            throw refusal
        }
    }
}
