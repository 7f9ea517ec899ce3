/// What one check of a verifyReceipt endpoint found.
public enum VerifyReceiptProbeResult: Sendable, Hashable {
    /// The endpoint answered as verifyReceipt does (a JSON body with a `status`).
    case answering
    /// No answer, or one that may pass (a timeout, a refused connection, HTTP 5xx or 429); `reason` names it
    /// without request content.
    case unreachable(reason: String)
    /// An answer no verifyReceipt endpoint gives (HTTP 3xx or 4xx, a body that is not a verifyReceipt
    /// response): the URL is wrong.
    case misconfigured(message: String)
}
