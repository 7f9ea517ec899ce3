import PerennialAppStore
import PerennialCore

extension AppStoreSimulator {
    /// Send Consumption Information (v2): checks the body, keeps it on the transaction and logs a
    /// `consumption_information` event (no notification).
    func serverAPISendConsumption(_ scope: ServerAPIScope, transactionID: String, body: ConsumptionInformationBody)
        throws(ServerAPIFailure)
    {
        let now = catchUp()
        let transaction = try reachableTransaction(scope, transactionID)
        apply(.recordConsumption(transactionID: transaction.transactionID, details: try body.validated()), at: now)
    }

    /// Send Consumption Information V1: as v2, for a consumable or an auto-renewable subscription only.
    func serverAPISendConsumptionV1(_ scope: ServerAPIScope, transactionID: String, body: ConsumptionRequestV1)
        throws(ServerAPIFailure)
    {
        let now = catchUp()
        let transaction = try reachableTransaction(scope, transactionID)
        guard transaction.productType == .consumable || transaction.productType == .autoRenewable else {
            throw .invalidTransactionTypeNotSupported
        }
        apply(.recordConsumption(transactionID: transaction.transactionID, details: try body.validated()), at: now)
    }
}
