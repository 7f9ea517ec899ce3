import PerennialCore

extension AppStoreSimulator {
    /// A transaction as the App Store signs it now (`signedTransactionInfo`); `unknown_transaction` when
    /// there is none with this id.
    public func signedTransaction(transactionID: String) throws -> String {
        let now = catchUp()
        guard let signed = state.signedTransaction(transactionID, signedDate: now) else {
            throw SimulatorError.notFound("unknown_transaction", "no transaction \(transactionID)")
        }
        return signed
    }

    /// A subscription's renewal info as the App Store signs it now (`signedRenewalInfo`).
    public func signedRenewalInfo(originalTransactionID id: String) throws -> String {
        let now = catchUp()
        _ = try existingSubscription(id)
        guard let signed = state.signedRenewalInfo(id, signedDate: now) else {
            throw SimulatorError.notFound("unknown_subscription", "no subscription with original_transaction_id \(id)")
        }
        return signed
    }
}
