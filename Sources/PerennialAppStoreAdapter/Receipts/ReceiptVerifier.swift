import PerennialAppStore
import PerennialServices

/// Asks the App Store about a receipt on behalf of an app (verifyReceipt, with the app's shared secret).
public protocol ReceiptVerifier: Sendable {
    func verify(receiptData: String, app: AppSettings, excludeOldTransactions: Bool) async -> VerifyReceiptOutcome
}
