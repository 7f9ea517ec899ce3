import PerennialCore

/// What came of asking verifyReceipt about a receipt. Separates "grant what it says" from "grant nothing"
/// from "fix the configuration" from "ask again later".
public enum VerifyReceiptOutcome: Sendable, Hashable {
    /// Status 0, or 21006 (an expired iOS 6-style subscription receipt, which still carries the receipt).
    /// `environment` is the endpoint that answered (`.production` or `.sandbox`); `usedPreviousSecret` is true
    /// when only `previousSharedSecret` was accepted: the secret rotation is still in use and should be finished.
    case verified(VerifyReceiptResponse, environment: StoreEnvironment, usedPreviousSecret: Bool)
    /// Apple refused the receipt for good (21000, 21001, 21002, 21003, 21010, 211xx not retryable, codes Apple
    /// has not documented): grant nothing, do not retry.
    case rejected(status: Int, VerifyReceiptStatus)
    /// The server is set up wrongly: 21004 with every configured secret (`status` 21004), an HTTP 3xx or 4xx
    /// other than 429 (`status` is the HTTP status), an unusable endpoint URL (`status` 0), or endpoints
    /// that redirect to each other (`status` 21007 or 21008). Retrying will not help until it is fixed.
    case misconfigured(status: Int, message: String)
    /// Apple could not answer after every attempt the retry policy allows (HTTP 5xx or 429, timeouts,
    /// connection errors, unreadable bodies, statuses 21005, 21009, retryable 211xx). Try again later.
    case unavailable(reason: String)

    /// The response, when the receipt was verified.
    public var response: VerifyReceiptResponse? {
        if case .verified(let response, _, _) = self { return response }
        return nil
    }
}
