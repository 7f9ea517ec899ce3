import Foundation
import PerennialAppStore
import PerennialCore
import PerennialServices

/// Validates app receipts without asking verifyReceipt: the PKCS#7 container is read and its signature
/// verified here, at the receipt's creation date; when the app has App Store Server API credentials, each
/// original transaction's history and renewal status are read from Apple (every signed item verified).
struct LocalReceiptValidator: Sendable {
    /// What local validation concluded.
    enum Outcome: Sendable {
        case verified(FactBatch)
        /// The signature does not verify or chains to an untrusted root: forged or tampered. Never retried
        /// elsewhere.
        case forged(code: String)
        /// The receipt could not be read here (malformed, an unsupported algorithm …); verifyReceipt may still
        /// read it.
        case unreadable(code: String)
    }

    let verifiers: SignedDataVerifiers
    let serverAPI: ServerAPIClients
    let clock: any Clock

    func validate(receiptData: String, app: AppSettings) async throws -> Outcome {
        guard let apple = app.apple else { return .unreadable(code: "no_app_store_settings") }
        let result = await verify(receiptData: receiptData, apple: apple)
        guard let payload = result.verifiedPayload else {
            guard case .invalid(let code) = result.signature else { return .unreadable(code: "receipt_malformed") }
            switch code {
            case .signatureInvalid, .untrustedCertificate, .certificateExpired, .xcodeNotAllowed: return .forged(code: code.rawValue)
            default: return .unreadable(code: code.rawValue)
            }
        }
        guard payload.bundleID == app.bundleID else {
            throw PerennialError(.receiptBundleMismatch, "the receipt belongs to another app")
        }
        var facts = payload.factBatch
        // The history endpoint answers with all of the customer's transactions in the app, whichever of
        // their transaction ids it is asked about.
        if let client = serverAPI.client(for: app), let anchor = facts.transactions.first {
            let signed = try verifiers.verifier(for: app, environment: payload.storeEnvironment)
            facts = try await StoreHistoryFetcher(client: client, verifier: signed, clock: clock)
                .facts(originalTransactionID: anchor.subscriptionID, adding: facts)
        }
        return .verified(facts)
    }

    /// Whether the receipt is provably this app's own: its signature verifies here, to the app's trusted
    /// roots, and it names the app's bundle id. Then a store refusing the app's shared secret for it is the
    /// team's problem, not the client's.
    func isOwnReceipt(_ receiptData: String, app: AppSettings) async -> Bool {
        guard let apple = app.apple else { return false }
        return await verify(receiptData: receiptData, apple: apple).verifiedPayload?.bundleID == app.bundleID
    }

    /// Reads the PKCS#7 receipt and verifies its signature at its creation date, to the app's trusted roots
    /// (Apple's root when none are configured).
    private func verify(receiptData: String, apple: AppleSettings) async -> LocalReceiptVerification {
        let roots = apple.trustedRoots.isEmpty ? [AppleIncRootCertificate.der] : apple.trustedRoots.map { Data($0) }
        return await LocalReceiptVerifier(clock: clock).verify(
            base64Receipt: receiptData, trustedRoots: roots, allowXcode: apple.environments.contains("Xcode")
        )
    }
}
