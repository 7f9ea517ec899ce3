import Foundation
import PerennialCore
import PerennialOutbound

/// Calls Apple's App Store Server API for one app: transaction info and history, subscription statuses,
/// refund history, order lookup, notification history and test notifications, renewal-date extensions,
/// consumption information, app transaction info and app account tokens.
///
/// Every request carries a bearer token from `signer`, renewed before it lapses and once more when Apple
/// answers 401. Timeouts, connection failures, HTTP 5xx and Apple's retryable codes are retried with
/// exponential backoff and full jitter (`configuration.retryPolicy`); HTTP 429 waits for `Retry-After`
/// (Apple's UNIX time in milliseconds, delay-seconds or an HTTP date) up to `configuration.rateLimitRetries`
/// times. In production, lookups of a transaction id that production does not know are asked of the sandbox
/// (`configuration.fallbackToSandbox`). Failures are thrown as `AppStoreServerAPIError`; cancellation as
/// `CancellationError`.
///
/// Time, waiting and randomness are injected, so tests run instantly. Keys and tokens are never logged or
/// put into errors.
public struct AppStoreServerAPIClient: Sendable {
    /// Waits for a duration; throws when the task is cancelled.
    public typealias Sleep = @Sendable (Duration) async throws -> Void
    /// Draws a number from a range of seconds.
    public typealias Jitter = @Sendable (ClosedRange<Double>) -> Double

    /// Where and how requests are sent.
    public let configuration: AppStoreServerAPIConfiguration
    /// Signs and caches the bearer tokens.
    public let signer: ServerAPIJWTSigner
    let transport: any HTTPTransport
    let clock: any Clock
    let sleep: Sleep
    let jitter: Jitter

    /// Creates a client that signs with the team's `.p8` key (PKCS#8 PEM).
    /// - Parameters:
    ///   - transport: how requests are sent (`AsyncHTTPClientTransport` in the server, a script in tests).
    ///   - clock: the time for token claims and `Retry-After` dates; default the system clock.
    ///   - sleep: how to wait between retries; default `Task.sleep(for:)`.
    ///   - jitter: how to draw each backoff wait from `0...ceiling` seconds; default uniform random.
    /// - Throws: `AppStoreServerAPIError` of kind `.invalidConfiguration` when the key cannot be read or the
    ///   environment has no base URL.
    public init(
        configuration: AppStoreServerAPIConfiguration, privateKeyPEM: String, transport: any HTTPTransport,
        clock: any Clock = SystemClock(), sleep: @escaping Sleep = { try await Task.sleep(for: $0) },
        jitter: @escaping Jitter = { Double.random(in: $0) }
    ) throws {
        let signer = try ServerAPIJWTSigner(
            issuerId: configuration.issuerId, keyId: configuration.keyId, bundleId: configuration.bundleId,
            privateKeyPEM: privateKeyPEM, clock: clock, tokenLifetime: configuration.tokenLifetime,
            renewalMargin: configuration.tokenRenewalMargin
        )
        try self.init(
            configuration: configuration, signer: signer, transport: transport, clock: clock, sleep: sleep,
            jitter: jitter
        )
    }

    /// Creates a client around an existing signer (to share its token cache between clients).
    /// - Throws: `AppStoreServerAPIError` of kind `.invalidConfiguration` when the environment has no base URL.
    public init(
        configuration: AppStoreServerAPIConfiguration, signer: ServerAPIJWTSigner, transport: any HTTPTransport,
        clock: any Clock = SystemClock(), sleep: @escaping Sleep = { try await Task.sleep(for: $0) },
        jitter: @escaping Jitter = { Double.random(in: $0) }
    ) throws {
        guard configuration.baseURL(for: configuration.environment) != nil else {
            throw AppStoreServerAPIError(
                .invalidConfiguration,
                errorMessage: "no base URL for the \(configuration.environment) environment: set baseURL",
                environment: configuration.environment
            )
        }
        self.configuration = configuration
        self.signer = signer
        self.transport = transport
        self.clock = clock
        self.sleep = sleep
        self.jitter = jitter
    }
}
