import Foundation
import PerennialAppStore
import PerennialCore

extension AppStoreSimulator {
    /// Get App Transaction Info: the app transaction of the customer any of whose transactions is named.
    func serverAPIAppTransactionInfo(_ scope: ServerAPIScope, transactionID: String) throws(ServerAPIFailure)
        -> AppTransactionInfoResponse
    {
        let now = catchUp()
        let owner = try reachableTransaction(scope, transactionID).owner
        guard let signed = state.signedAppTransaction(owner, signedDate: now) else { throw .transactionIdNotFound }
        return AppTransactionInfoResponse(signedAppTransactionInfo: signed)
    }

    /// Set App Account Token: the token (a UUID, kept lowercased) of every transaction with this original
    /// transaction id, and of later renewals; logs an `app_account_token_set` event (no notification).
    func serverAPISetAppAccountToken(_ scope: ServerAPIScope, originalTransactionID id: String, token: String?)
        throws(ServerAPIFailure)
    {
        let now = catchUp()
        guard !id.isEmpty, id.allSatisfy(\.isNumber) else { throw .invalidOriginalTransactionId }
        guard let uuid = token.flatMap(UUID.init(uuidString:)) else { throw .invalidAppAccountTokenUUID }
        let transaction = try reachableTransaction(scope, id)
        guard transaction.ownership != .familyShared else { throw .familyTransactionNotSupported }
        guard transaction.originalTransactionID == transaction.transactionID else {
            throw .transactionIdIsNotOriginalTransactionId
        }
        apply(.setAppAccountToken(id, token: uuid.uuidString.lowercased()), at: now)
    }
}
