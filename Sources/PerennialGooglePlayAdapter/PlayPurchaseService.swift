import Foundation
import Logging
import PerennialCore
import PerennialGooglePlay
import PerennialServices

/// Takes the purchase token an Android app sent after a purchase (Play Billing's
/// `Purchase.getPurchaseToken()`), reads the purchase from Google — the app's word is never the truth —,
/// and brings the customer up to date. A subscription's facts come from `purchases.subscriptionsv2`; a
/// token Google does not know as a subscription is read as a one-time product purchase. When Google cannot
/// answer now, the token is queued, sealed, and completed later without the app retrying. The purchase's
/// `obfuscatedExternalAccountId` is linked to the customer, as StoreKit's `appAccountToken` is.
public struct PlayPurchaseService: Sendable {
    let connections: PlayConnections
    let reader: PlayPurchaseReader
    let ingestor: FactIngestor
    let customers: CustomerService
    let jobs: any JobQueue
    let secrets: SecretBox
    let clock: any Clock
    let logger: Logger
    /// How long an app waits before it is answered pending (`PurchaseSubmitter`).
    let patience: Duration

    public init(
        connections: PlayConnections, ledger: any Ledger, jobs: any JobQueue, secrets: SecretBox, clock: any Clock, logger: Logger,
        patience: Duration = PurchaseSubmitter.defaultPatience
    ) {
        self.connections = connections
        self.patience = patience
        reader = PlayPurchaseReader(ledger: ledger, clock: clock)
        ingestor = FactIngestor(ledger: ledger, clock: clock)
        customers = CustomerService(ledger: ledger, clock: clock)
        self.jobs = jobs
        self.secrets = secrets
        self.clock = clock
        self.logger = logger
    }

    /// Reads and ingests a purchase for a customer: validated, with the customer as now known, or pending when
    /// Google could not answer and the purchase was queued.
    public func submit(app: AppSettings, appUserID: String, purchaseToken: String, productID: String) async throws -> PurchaseSubmission {
        try AppUserIDRule.validated(appUserID)
        guard Self.isPrintableASCII(purchaseToken, maximumLength: 4096) else {
            throw PerennialError(.badRequest, "purchase_token must be 1 to 4096 printable ASCII characters")
        }
        guard Self.isPrintableASCII(productID, maximumLength: 256) else {
            throw PerennialError(.badRequest, "product_id must be 1 to 256 printable ASCII characters")
        }
        let connection = try connections.connection(for: app)
        let pending = PendingPlayPurchase(appID: app.id, appUserID: appUserID, purchaseToken: purchaseToken, productID: productID)
        return try await submitter.submit(pending, app: app) {
            try await complete(app: app, connection: connection, pending: pending)
        }
    }

    /// 1 to `maximumLength` characters from `!` to `~` (Google's tokens and product ids are).
    static func isPrintableASCII(_ text: String, maximumLength: Int) -> Bool {
        (1...maximumLength).contains(text.utf8.count) && text.utf8.allSatisfy { (0x21..<0x7F).contains($0) }
    }

    var submitter: PurchaseSubmitter {
        PurchaseSubmitter(jobs: jobs, secrets: secrets, customers: customers, clock: clock, logger: logger, patience: patience)
    }

    /// Completes a purchase queued while Google could not answer (job `google.purchase.complete`).
    public func pendingPurchaseJob(apps: AppDirectory) -> any JobHandler {
        PendingPurchaseJob<PendingPlayPurchase>(apps: apps, jobs: jobs, secrets: secrets) { pending, app in
            _ = try await complete(app: app, connection: try connections.connection(for: app), pending: pending)
        }
    }

    func complete(app: AppSettings, connection: PlayAppConnection, pending: PendingPlayPurchase) async throws -> CustomerView {
        let facts: FactBatch
        do {
            facts = try await reader.subscriptionFacts(token: pending.purchaseToken, app: app, connection: connection)
        } catch let error as PerennialError where error.code == ErrorCode.storeRecordNotFound.rawValue {
            do {
                facts = try await reader.productFacts(
                    productID: pending.productID, token: pending.purchaseToken, app: app, connection: connection
                )
            } catch let productError as PerennialError where productError.code == ErrorCode.storeRecordNotFound.rawValue {
                throw error
            }
        }
        return try await ingestor.ingest(facts, app: app, appUserID: pending.appUserID)
    }
}
