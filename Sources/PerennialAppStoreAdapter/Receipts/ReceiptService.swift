import Foundation
import Logging
import PerennialAppStore
import PerennialCore
import PerennialServices

/// Takes a receipt an app sent, validates it with the App Store, and brings the customer up to date. When
/// the App Store cannot answer, the receipt is queued and validated later, and the app is told so.
public struct ReceiptService: Sendable {
    /// The largest receipt accepted, in base64 characters (the biggest real receipts are a few hundred KB).
    public static let maximumReceiptLength = 4 * 1024 * 1024

    let verifier: any ReceiptVerifier
    let ingestor: FactIngestor
    let customers: CustomerService
    let jobs: any JobQueue
    let secrets: SecretBox
    let health: AppHealth
    let clock: any Clock
    let logger: Logger
    let local: LocalReceiptValidator
    /// How long an app waits before it is answered pending (`PurchaseSubmitter`).
    let patience: Duration
    /// Counts receipts checked, by outcome.
    let telemetry: Telemetry

    public init(
        verifier: any ReceiptVerifier, ledger: any Ledger, jobs: any JobQueue, secrets: SecretBox, health: AppHealth,
        signedData: SignedDataVerifiers, serverAPI: ServerAPIClients, clock: any Clock, logger: Logger,
        patience: Duration = PurchaseSubmitter.defaultPatience, telemetry: Telemetry = .off
    ) {
        self.telemetry = telemetry
        self.verifier = verifier
        self.patience = patience
        local = LocalReceiptValidator(verifiers: signedData, serverAPI: serverAPI, clock: clock)
        ingestor = FactIngestor(ledger: ledger, clock: clock)
        customers = CustomerService(ledger: ledger, clock: clock)
        self.jobs = jobs
        self.secrets = secrets
        self.health = health
        self.clock = clock
        self.logger = logger
    }

    /// Validates and ingests a receipt for a customer. When the App Store cannot answer now (verifyReceipt,
    /// or the Server API behind local validation), the receipt is queued, sealed, and validated later.
    public func submit(app: AppSettings, appUserID: String, receiptData: String) async throws -> PurchaseSubmission {
        try Self.validate(appUserID: appUserID, receiptData: receiptData)
        guard app.apple != nil else {
            throw PerennialError(.appStoreNotConfigured, "this app has no App Store settings: it cannot take App Store receipts")
        }
        let pending = PendingReceipt(appID: app.id, appUserID: appUserID, receiptData: receiptData)
        return try await submitter.submit(pending, app: app) {
            try await validateAndIngest(receiptData: receiptData, app: app, appUserID: appUserID)
        }
    }

    /// Validates a receipt queued while the App Store could not answer (job `receipt.validate`).
    public func pendingReceiptJob(apps: AppDirectory) -> any JobHandler {
        PendingPurchaseJob<PendingReceipt>(apps: apps, jobs: jobs, secrets: secrets) { pending, app in
            _ = try await validateAndIngest(receiptData: pending.receiptData, app: app, appUserID: pending.appUserID)
        }
    }

    var submitter: PurchaseSubmitter {
        PurchaseSubmitter(jobs: jobs, secrets: secrets, customers: customers, clock: clock, logger: logger, patience: patience)
    }

    /// Validates a receipt the way the app is configured to (locally, then verifyReceipt when allowed) and
    /// ingests it, answering the customer as the write left them; throws `unavailable` when the App Store
    /// cannot answer now.
    func validateAndIngest(receiptData: String, app: AppSettings, appUserID: String) async throws -> CustomerView {
        if let mode = app.apple?.receiptValidation, mode != .verifyReceipt {
            switch try await local.validate(receiptData: receiptData, app: app) {
            case .verified(let facts):
                telemetry.verification(kind: Self.verificationKind, outcome: "verified")
                return try await ingestor.ingest(facts, app: app, appUserID: appUserID, token: try receiptToken(receiptData))
            case .forged(let code):
                telemetry.verification(kind: Self.verificationKind, outcome: ErrorCode.receiptNotAuthentic.rawValue)
                throw PerennialError(.receiptNotAuthentic, "the receipt's signature does not verify (\(code))")
            case .unreadable(let code) where mode == .local:
                telemetry.verification(kind: Self.verificationKind, outcome: ErrorCode.receiptUnreadable.rawValue)
                throw PerennialError(.receiptUnreadable, "the receipt could not be read (\(code))")
            case .unreadable:
                break
            }
        }
        let outcome = await verifier.verify(receiptData: receiptData, app: app, excludeOldTransactions: false)
        telemetry.verification(kind: Self.verificationKind, outcome: Self.verificationOutcome(outcome, app: app))
        return try await apply(outcome, app: app, appUserID: appUserID, receiptData: receiptData)
    }

    /// The telemetry's name for what this service checks.
    static let verificationKind = "app_store_receipt"

    /// What verifyReceipt's answer says of the receipt: `verified`, or the code of the error `apply` throws
    /// for it (a refused shared secret counted as the configuration refused).
    static func verificationOutcome(_ outcome: VerifyReceiptOutcome, app: AppSettings) -> String {
        switch outcome {
        case .verified(let response, _, _):
            response.receipt?.bundleID == app.bundleID ? "verified" : ErrorCode.receiptBundleMismatch.rawValue
        case .rejected(let status, let meaning): error(forRejected: status, meaning).code
        case .misconfigured: ErrorCode.storeConfigurationRejected.rawValue
        case .unavailable: ErrorCode.storeUnavailable.rawValue
        }
    }

    /// Ingests a verified receipt and answers the customer as the write left them, or throws the error its
    /// outcome stands for. `.unavailable` throws too.
    @discardableResult
    func apply(_ outcome: VerifyReceiptOutcome, app: AppSettings, appUserID: String, receiptData: String) async throws -> CustomerView {
        switch outcome {
        case .verified(let response, _, let usedPreviousSecret):
            await health.clear(appID: app.id, code: Self.sharedSecretRejected)
            await health.clear(appID: app.id, code: Self.verifyReceiptMisconfigured)
            if usedPreviousSecret {
                logger.warning("receipt validated with the previous shared secret; finish the rotation", metadata: ["app": "\(app.id)"])
            }
            guard response.receipt?.bundleID == app.bundleID else {
                throw PerennialError(.receiptBundleMismatch, "the receipt belongs to another app")
            }
            let translation = ReceiptFactTranslator().translate(response, fallbackObservedAt: clock.now())
            for warning in translation.warnings { logger.warning("\(warning)", metadata: ["app": "\(app.id)"]) }
            let token = try receiptToken(response.latestReceipt ?? receiptData)
            return try await ingestor.ingest(translation.batch, app: app, appUserID: appUserID, token: token)
        case .rejected(let status, let meaning):
            throw Self.error(forRejected: status, meaning)
        case .misconfigured(let status, let message):
            // 21004 says the shared secret does not fit the receipt's app, which any client causes by sending
            // another app's receipt: only a receipt proven to be this app's own shows the secret is wrong.
            let secretRefused = status == Self.wrongSharedSecretStatus
            if secretRefused, !(await local.isOwnReceipt(receiptData, app: app)) {
                throw PerennialError(.receiptSharedSecretMismatch,
                    "the App Store refused this app's shared secret for the receipt: it is not a receipt of this app"
                )
            }
            logger.critical("the App Store refused this app's configuration", metadata: ["app": "\(app.id)", "status": "\(status)"])
            let code = secretRefused ? Self.sharedSecretRejected : Self.verifyReceiptMisconfigured
            await health.report(appID: app.id, code: code, message: message, at: clock.now())
            throw PerennialError(.storeConfigurationRejected, "the App Store refused this app's configuration (status \(status)); see /health")
        case .unavailable(let reason):
            throw PerennialError(.storeUnavailable, "the App Store could not be reached: \(reason)")
        }
    }

    /// The customer's receipt, sealed, as their App Store token (stamped with the time it is stored).
    func receiptToken(_ receiptData: String) throws -> StoreToken {
        StoreToken(store: .appStore, kind: .receipt, sealed: try secrets.seal(receiptData), updatedAt: clock.now())
    }

    /// verifyReceipt's status for a shared secret that does not fit the receipt's app.
    static let wrongSharedSecretStatus = 21004
    /// The health problem of an app whose shared secret Apple refused for one of its own receipts.
    static let sharedSecretRejected = "shared_secret_rejected"
    /// The health problem of an app whose verifyReceipt URLs answer as no verifyReceipt endpoint does.
    static let verifyReceiptMisconfigured = "verify_receipt_misconfigured"

    static func error(forRejected status: Int, _ meaning: VerifyReceiptStatus) -> PerennialError {
        switch meaning {
        case .notAuthentic:
            PerennialError(.receiptNotAuthentic, "the App Store could not authenticate the receipt (status \(status))")
        case .malformedRequest:
            PerennialError(.receiptMalformed, "the App Store could not read the receipt data (status \(status))")
        case .accountNotFound:
            PerennialError(.storeAccountNotFound, "the receipt's Apple account no longer exists (status \(status))")
        default:
            PerennialError(.receiptRejected, "the App Store rejected the receipt (status \(status))")
        }
    }

    /// Checks an app user id, and receipt data when given.
    static func validate(appUserID: String, receiptData: String?) throws {
        try AppUserIDRule.validated(appUserID)
        guard let receiptData else { return }
        guard !receiptData.isEmpty, receiptData.utf8.count <= maximumReceiptLength else {
            throw PerennialError(.invalidReceiptData, "receipt_data must be non-empty base64, at most \(maximumReceiptLength) characters")
        }
        guard Data(base64Encoded: receiptData, options: .ignoreUnknownCharacters) != nil,
              receiptData.allSatisfy({ $0.isLetter || $0.isNumber || "+/=\r\n".contains($0) }) else {
            throw PerennialError(.invalidReceiptData, "receipt_data is not base64")
        }
    }
}
