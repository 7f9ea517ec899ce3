import PerennialAppStore
import PerennialServices
import PerennialOutbound

/// Verifies receipts with the App Store's verifyReceipt endpoint (or the simulator), using each app's
/// shared secrets.
public struct AppStoreReceiptVerifier: ReceiptVerifier {
    let transport: any HTTPTransport
    let timeout: Duration
    let retryPolicy: RetryPolicy
    let sleep: VerifyReceiptClient.Sleep

    /// - Parameters:
    ///   - retryPolicy: the immediate retries before a receipt is queued for later.
    public init(
        transport: any HTTPTransport, timeout: Duration = .seconds(15), retryPolicy: RetryPolicy = RetryPolicy(),
        sleep: @escaping VerifyReceiptClient.Sleep = { try await Task.sleep(for: $0) }
    ) {
        self.transport = transport
        self.timeout = timeout
        self.retryPolicy = retryPolicy
        self.sleep = sleep
    }

    public func verify(receiptData: String, app: AppSettings, excludeOldTransactions: Bool) async -> VerifyReceiptOutcome {
        guard let apple = app.apple else {
            return .misconfigured(status: 0, message: "app \(app.id) has no App Store settings")
        }
        let configuration = VerifyReceiptConfiguration(
            productionURL: apple.productionVerifyReceiptURL, sandboxURL: apple.sandboxVerifyReceiptURL,
            sharedSecret: apple.sharedSecret, previousSharedSecret: apple.previousSharedSecret, timeout: timeout,
            retryPolicy: retryPolicy
        )
        return await VerifyReceiptClient(configuration: configuration, transport: transport, sleep: sleep)
            .verify(receiptData: receiptData, excludeOldTransactions: excludeOldTransactions)
    }
}
