import Foundation

/// A transaction as the store handed it to the app (StoreKit 2's `VerificationResult<Transaction>`).
public struct StoreTransaction: Sendable, Hashable {
    /// The transaction's id (`Transaction.id`).
    public var id: String
    /// The subscription's first transaction (`Transaction.originalID`).
    public var originalID: String
    /// The product bought.
    public var productID: String
    /// The signed transaction (`VerificationResult.jwsRepresentation`), what the server verifies.
    public var signedTransaction: String
    /// Whether StoreKit verified the signature on the device. An unverified one is never sent nor finished.
    public var isVerified: Bool
    /// When the App Store revoked it (a refund), if it did.
    public var revocationDate: Date?

    /// A transaction.
    public init(
        id: String, originalID: String, productID: String, signedTransaction: String, isVerified: Bool = true,
        revocationDate: Date? = nil
    ) {
        self.id = id
        self.originalID = originalID
        self.productID = productID
        self.signedTransaction = signedTransaction
        self.isVerified = isVerified
        self.revocationDate = revocationDate
    }
}
