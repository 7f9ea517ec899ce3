import Foundation
import PerennialCore
import PerennialOutbound

/// Verifies app receipts with Apple's verifyReceipt endpoint.
///
/// Sends the receipt to production first and follows Apple's redirects once each way (21007 to the sandbox,
/// 21008 to production); when the shared secret is refused (21004) and a previous secret is configured, asks
/// once more with it; retries failures that may pass (HTTP 5xx and 429, timeouts, connection errors,
/// unreadable bodies, statuses 21005, 21009 and retryable 211xx) with exponential backoff and full jitter,
/// up to `retryPolicy.attempts` requests in all (redirects and the secret fallback do not count).
///
/// Time and randomness are injected, so tests run instantly and deterministically. The receipt data and the
/// shared secrets never appear in outcomes or messages.
public struct VerifyReceiptClient: Sendable {
    /// Waits for a duration; throws when the task is cancelled.
    public typealias Sleep = @Sendable (Duration) async throws -> Void
    /// Draws a number from a range of seconds.
    public typealias Jitter = @Sendable (ClosedRange<Double>) -> Double

    /// The endpoints, secrets, timeout and retry policy.
    public var configuration: VerifyReceiptConfiguration
    let transport: any HTTPTransport
    let sleep: Sleep
    let jitter: Jitter

    /// Creates a client.
    /// - Parameters:
    ///   - transport: how requests are sent (`AsyncHTTPClientTransport` in the server, a script in tests).
    ///   - sleep: how to wait between retries; default `Task.sleep(for:)`.
    ///   - jitter: how to draw each wait from `0...ceiling` seconds; default uniform random.
    public init(
        configuration: VerifyReceiptConfiguration, transport: any HTTPTransport,
        sleep: @escaping Sleep = { try await Task.sleep(for: $0) },
        jitter: @escaping Jitter = { Double.random(in: $0) }
    ) {
        self.configuration = configuration
        self.transport = transport
        self.sleep = sleep
        self.jitter = jitter
    }

    /// Asks verifyReceipt about base64 receipt data.
    /// - Parameter excludeOldTransactions: ask for the latest transaction of each subscription only in
    ///   `latest_receipt_info`.
    public func verify(receiptData: String, excludeOldTransactions: Bool = false) async -> VerifyReceiptOutcome {
        var endpoint = StoreEnvironment.production
        var redirected: Set<StoreEnvironment> = []
        var usePreviousSecret = false
        var failures = 0
        while true {
            let body = VerifyReceiptRequestBody(
                receiptData: receiptData,
                password: usePreviousSecret ? configuration.previousSharedSecret : configuration.sharedSecret,
                excludeOldTransactions: excludeOldTransactions
            )
            switch await attempt(body, at: endpoint) {
            case .verified(let response):
                return .verified(response, environment: endpoint, usedPreviousSecret: usePreviousSecret)
            case .rejected(let status, let classification):
                return .rejected(status: status, classification)
            case .misconfigured(let status, let message):
                return .misconfigured(status: status, message: message)
            case .redirect(let target, let status):
                guard target != endpoint, !redirected.contains(target) else {
                    return .misconfigured(
                        status: status,
                        message: "status \(status) from the \(endpoint.rawValue) endpoint after following a redirect: "
                            + "the production and sandbox URLs send the receipt back and forth"
                    )
                }
                redirected.insert(target)
                endpoint = target
            case .wrongSecret:
                guard !usePreviousSecret, configuration.previousSharedSecret != nil else {
                    return .misconfigured(status: 21004, message: Self.wrongSecretMessage(triedPrevious: usePreviousSecret))
                }
                usePreviousSecret = true
            case .transient(let reason):
                failures += 1
                guard failures < configuration.retryPolicy.attempts else {
                    return .unavailable(reason: "\(reason); gave up after \(failures) attempt\(failures == 1 ? "" : "s")")
                }
                do {
                    try await sleep(configuration.retryPolicy.delay(afterFailure: failures, jitter: jitter))
                } catch {
                    return .unavailable(reason: "\(reason); cancelled while waiting to retry")
                }
            case .cancelled:
                return .unavailable(reason: "cancelled")
            }
        }
    }

    /// Sends one request and classifies what came back.
    func attempt(_ body: VerifyReceiptRequestBody, at endpoint: StoreEnvironment) async -> VerifyReceiptAttemptResult {
        if Task.isCancelled { return .cancelled }
        let url = endpoint == .sandbox ? configuration.sandboxURL : configuration.productionURL
        let request = HTTPTransportRequest(
            method: "POST", url: url,
            headers: [
                HTTPTransportHeader(name: "Content-Type", value: "application/json"),
                HTTPTransportHeader(name: "Accept", value: "application/json"),
            ],
            body: Self.encode(body), timeout: configuration.timeout,
            purpose: HTTPTransportPurpose(store: "app_store", endpoint: "POST /verifyReceipt")
        )
        do {
            let response = try await transport.send(request)
            return Self.classify(response, from: endpoint)
        } catch {
            if error is CancellationError || Task.isCancelled { return .cancelled }
            return Self.classify(error, from: endpoint)
        }
    }

    static func encode(_ body: VerifyReceiptRequestBody) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings and a flag cannot fail.
        return (try? encoder.encode(body)).map(Array.init) ?? []
    }

    static func wrongSecretMessage(triedPrevious: Bool) -> String {
        triedPrevious
            ? "status 21004: Apple refused both the shared secret and the previous shared secret"
            : "status 21004: Apple refused the shared secret; set the app-specific shared secret from App Store Connect"
    }
}
