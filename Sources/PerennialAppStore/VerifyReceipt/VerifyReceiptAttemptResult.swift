import PerennialCore

/// What one request to a verifyReceipt endpoint amounted to, before the client decides what to do next.
enum VerifyReceiptAttemptResult: Sendable, Hashable {
    /// Status 0 or 21006.
    case verified(VerifyReceiptResponse)
    /// A final answer: grant nothing.
    case rejected(status: Int, VerifyReceiptStatus)
    /// The configuration must be fixed.
    case misconfigured(status: Int, message: String)
    /// 21007 (to the sandbox) or 21008 (to production).
    case redirect(to: StoreEnvironment, status: Int)
    /// 21004.
    case wrongSecret
    /// A failure that may pass; the reason names it without request content.
    case transient(reason: String)
    /// The task was cancelled.
    case cancelled
}
