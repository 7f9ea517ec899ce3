/// The answer of Get Transaction Info: one transaction, signed by the App Store.
public struct TransactionInfoResponse: Sendable, Hashable, Codable {
    /// The transaction as a JWS (decode and verify it as a `JWSTransaction`).
    public var signedTransactionInfo: String?

    /// Creates a response.
    public init(signedTransactionInfo: String? = nil) {
        self.signedTransactionInfo = signedTransactionInfo
    }
}
