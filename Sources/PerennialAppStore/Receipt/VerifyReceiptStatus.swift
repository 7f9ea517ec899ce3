/// What a verifyReceipt `status` means and what to do about it, per Apple's status table.
public enum VerifyReceiptStatus: Sendable, Hashable {
    /// 0: the receipt is valid.
    case valid
    /// 21000, 21002 (and the retired 21001): the request or the receipt data is malformed.
    case malformedRequest(Int)
    /// 21003: the receipt could not be authenticated. Grant nothing.
    case notAuthentic
    /// 21004: the shared secret does not match the account's. A configuration error.
    case wrongSharedSecret
    /// 21005, 21009, and 21100–21199 with is-retryable 1: Apple could not answer now. Retry.
    case temporarilyUnavailable(Int)
    /// 21006: valid, but an iOS 6-style receipt whose subscription has expired.
    case expiredLegacyReceipt
    /// 21007: a sandbox receipt sent to production. Resend to the sandbox.
    case sandboxReceiptSentToProduction
    /// 21008: a production receipt sent to the sandbox. Resend to production.
    case productionReceiptSentToSandbox
    /// 21010: the Apple account cannot be found or was deleted.
    case accountNotFound
    /// 21100–21199 with is-retryable 0, and codes Apple has not documented: do not retry.
    case failed(Int)

    /// Classifies a status code; `isRetryable` is the response's `is-retryable`.
    public init(code: Int, isRetryable: Bool?) {
        switch code {
        case 0: self = .valid
        case 21000, 21001, 21002: self = .malformedRequest(code)
        case 21003: self = .notAuthentic
        case 21004: self = .wrongSharedSecret
        case 21005, 21009: self = .temporarilyUnavailable(code)
        case 21006: self = .expiredLegacyReceipt
        case 21007: self = .sandboxReceiptSentToProduction
        case 21008: self = .productionReceiptSentToSandbox
        case 21010: self = .accountNotFound
        case 21100...21199: self = isRetryable == true ? .temporarilyUnavailable(code) : .failed(code)
        default: self = .failed(code)
        }
    }

    /// Whether asking again later may succeed.
    public var isRetryable: Bool {
        if case .temporarilyUnavailable = self { return true }
        return false
    }
}
