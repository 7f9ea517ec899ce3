/// A failure to read or verify an app receipt: a stable code and a short explanation for logs. The reason
/// names structure ("expected a SET"), never receipt content.
public struct LocalReceiptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stable code; compare errors by it.
    public var code: ReceiptVerificationCode
    /// What went wrong, for people.
    public var reason: String

    /// Creates an error.
    public init(_ code: ReceiptVerificationCode, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// A `receipt_malformed` error.
    static func malformed(_ reason: String) -> Self { Self(.receiptMalformed, reason) }

    /// `code: reason`.
    public var description: String { "\(code): \(reason)" }
}
