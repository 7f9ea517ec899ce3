import PerennialAppStore
import PerennialCore
import PerennialServices

/// What a team does through the App Store Server API from Perennial's admin API: look up the order id a
/// customer emails, extend renewal dates after an outage, answer a consumption request, ask for a test
/// notification. Signed data in Apple's answers is verified before it is returned.
public struct AppStoreAdminService: Sendable {
    let serverAPI: ServerAPIClients
    let verifiers: SignedDataVerifiers

    public init(serverAPI: ServerAPIClients, verifiers: SignedDataVerifiers) {
        self.serverAPI = serverAPI
        self.verifiers = verifiers
    }

    /// The transactions of an order (the id on the customer's App Store receipt email), verified.
    public func lookUpOrder(_ orderID: String, app: AppSettings) async throws -> (status: Int?, transactions: [JWSTransactionDecodedPayload]) {
        let response = try await call(app) { try await $0.lookUpOrderId(orderID) }
        var transactions: [JWSTransactionDecodedPayload] = []
        for signed in response.signedTransactions ?? [] {
            do {
                transactions.append(try await verifiers.verifier(for: app, signed: signed).verifyAndDecodeTransaction(signed))
            } catch let error as VerificationError {
                throw error.perennialError
            }
        }
        return (response.status?.rawValue, transactions)
    }

    /// Extends one subscription's renewal date.
    public func extendRenewal(originalTransactionID: String, _ request: ExtendRenewalDateRequest, app: AppSettings) async throws -> ExtendRenewalDateResponse {
        try await call(app) { try await $0.extendSubscriptionRenewalDate(originalTransactionId: originalTransactionID, request) }
    }

    /// Extends the renewal date of every active subscriber of a product (after an outage, say).
    public func extendAllRenewals(_ request: MassExtendRenewalDateRequest, app: AppSettings) async throws -> MassExtendRenewalDateResponse {
        try await call(app) { try await $0.extendRenewalDateForAllActiveSubscribers(request) }
    }

    /// Where a mass extension stands.
    public func extensionStatus(productID: String, requestIdentifier: String, app: AppSettings) async throws -> MassExtendRenewalDateStatusResponse {
        try await call(app) { try await $0.getStatusOfSubscriptionRenewalDateExtensions(productId: productID, requestIdentifier: requestIdentifier) }
    }

    /// Answers a CONSUMPTION_REQUEST notification for a transaction.
    public func sendConsumption(transactionID: String, _ request: ConsumptionRequest, app: AppSettings) async throws {
        try await call(app) { try await $0.sendConsumptionInformation(transactionId: transactionID, request) }
    }

    /// Asks the App Store to send the app a TEST notification.
    public func requestTestNotification(app: AppSettings) async throws -> SendTestNotificationResponse {
        try await call(app) { try await $0.requestTestNotification() }
    }

    private func call<Result: Sendable>(
        _ app: AppSettings, _ body: (AppStoreServerAPIClient) async throws -> Result
    ) async throws -> Result {
        guard let client = serverAPI.client(for: app) else {
            throw PerennialError(.serverAPINotConfigured, "add server_api credentials to the app's configuration")
        }
        do {
            return try await body(client)
        } catch let error as AppStoreServerAPIError {
            throw error.perennialError
        }
    }
}
