import Logging
import PerennialAppStore
import PerennialCore

/// Takes a signed transaction a StoreKit 2 app sent (`Transaction.jwsRepresentation`), verifies it, and —
/// when the app has App Store Server API credentials — completes it with the subscription's history and
/// renewal status from Apple, every item verified too. Then the customer is brought up to date.
public struct SignedTransactionService: Sendable {
    let verifiers: SignedDataVerifiers
    let serverAPI: ServerAPIClients
    let ingestor: FactIngestor
    let customers: CustomerService
    let clock: any Clock
    let logger: Logger

    public init(
        verifiers: SignedDataVerifiers, serverAPI: ServerAPIClients, ledger: any Ledger, clock: any Clock, logger: Logger
    ) {
        self.verifiers = verifiers
        self.serverAPI = serverAPI
        ingestor = FactIngestor(ledger: ledger, clock: clock)
        customers = CustomerService(ledger: ledger, clock: clock)
        self.clock = clock
        self.logger = logger
    }

    /// Verifies and ingests a signed transaction for a customer; returns the customer as now known.
    public func submit(app: AppSettings, appUserID: String, signedTransaction: String) async throws -> CustomerView {
        try ReceiptService.validate(appUserID: appUserID, receiptData: nil)
        guard signedTransaction.utf8.count <= 64 * 1024, signedTransaction.split(separator: ".", omittingEmptySubsequences: false).count == 3 else {
            throw PerennialError(.badRequest, code: "invalid_signed_transaction", "signed_transaction must be a compact JWS")
        }
        let verifier = try verifiers.verifier(for: app, signed: signedTransaction)
        let transaction = try await decode(signedTransaction, with: verifier)
        guard let fact = transaction.transactionFact else {
            throw PerennialError(.unprocessable, code: "invalid_signed_transaction", "the transaction lacks an id, a product or a purchase date")
        }
        var facts = FactBatch(transactions: [fact])
        if let client = serverAPI.client(for: app) {
            facts = try await StoreHistoryFetcher(client: client, verifier: verifier, clock: clock)
                .facts(originalTransactionID: fact.originalTransactionID, adding: facts)
        }
        try await ingestor.ingest(facts, app: app, appUserID: appUserID)
        guard let view = try await customers.customer(app: app, appUserID: appUserID) else {
            throw PerennialError(.internal, code: "customer_missing", "the customer was not stored")
        }
        return view
    }

    private func decode(_ signed: String, with verifier: SignedDataVerifier) async throws -> JWSTransactionDecodedPayload {
        do {
            return try await verifier.verifyAndDecodeTransaction(signed)
        } catch {
            throw error.perennialError
        }
    }
}
