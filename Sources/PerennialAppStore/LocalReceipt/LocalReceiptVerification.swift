/// What local verification of an app receipt found: the decoded payload, when the container could be read,
/// and whether its signature is to be trusted.
///
/// A payload with an `invalid` signature is information only: never grant access from it.
public struct LocalReceiptVerification: Hashable, Sendable {
    /// The decoded receipt, or nil when the input is not a readable receipt (then `signature` is
    /// `invalid(receipt_malformed)`).
    public var payload: AppReceiptPayload?
    /// The signature and certificate-chain outcome.
    public var signature: ReceiptSignatureStatus

    /// Creates a result.
    public init(payload: AppReceiptPayload?, signature: ReceiptSignatureStatus) {
        self.payload = payload
        self.signature = signature
    }

    /// The payload, only when the signature is valid.
    public var verifiedPayload: AppReceiptPayload? { signature.isValid ? payload : nil }
}
