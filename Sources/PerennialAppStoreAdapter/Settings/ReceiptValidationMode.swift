/// How an app's App Store receipts are validated.
public enum ReceiptValidationMode: String, Sendable, Hashable, CaseIterable {
    /// Ask Apple's verifyReceipt endpoint (deprecated by Apple, still answering).
    case verifyReceipt = "verify_receipt"
    /// Read and verify the PKCS#7 receipt locally; its original transaction ids open the App Store Server
    /// API history when the app has Server API credentials.
    case local
    /// Read it locally; when that fails for a reason other than a forged signature, ask verifyReceipt.
    case localThenVerifyReceipt = "local_then_verify_receipt"
}
