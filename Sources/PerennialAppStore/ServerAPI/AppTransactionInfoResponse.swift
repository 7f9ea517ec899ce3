/// The answer of Get App Transaction Info: the customer's app transaction, signed by the App Store.
public struct AppTransactionInfoResponse: Sendable, Hashable, Codable {
    /// The app transaction as a JWS (decode and verify it as a `JWSAppTransaction`).
    public var signedAppTransactionInfo: String?

    /// Creates a response.
    public init(signedAppTransactionInfo: String? = nil) {
        self.signedAppTransactionInfo = signedAppTransactionInfo
    }
}
