#if canImport(StoreKit)
import StoreKit

/// The StoreKit transactions handed to the client, kept until finished (`finish()` is a method of StoreKit's
/// `Transaction`, which the store-neutral `StoreTransaction` does not carry).
actor TransactionRegistry {
    private var transactions: [String: Transaction] = [:]

    func remember(_ verification: VerificationResult<Transaction>) -> StoreTransaction {
        let transaction = verification.unsafePayloadValue
        let verified: Bool
        switch verification {
        case .verified: verified = true
        case .unverified: verified = false
        }
        transactions[String(transaction.id)] = transaction
        return StoreTransaction(
            id: String(transaction.id), originalID: String(transaction.originalID), productID: transaction.productID,
            signedTransaction: verification.jwsRepresentation, isVerified: verified, revocationDate: transaction.revocationDate)
    }

    func take(_ id: String) -> Transaction? {
        transactions.removeValue(forKey: id)
    }
}
#endif
