import PerennialOutbound
/// Who `AppStoreServerAPIClient` signs as, where it sends requests, and how patiently it retries.
///
/// Holds no secret: the private key is given to the client (or its `ServerAPIJWTSigner`) separately, so a
/// configuration can be printed or logged.
public struct AppStoreServerAPIConfiguration: Sendable, Hashable {
    /// Apple's production host.
    public static let appleProductionURL = "https://api.storekit.itunes.apple.com"
    /// Apple's sandbox host.
    public static let appleSandboxURL = "https://api.storekit-sandbox.itunes.apple.com"

    /// The issuer id from the Keys page in App Store Connect.
    public var issuerId: String
    /// The In-App Purchase key's id.
    public var keyId: String
    /// The app's bundle id.
    public var bundleId: String
    /// The environment requests go to.
    public var environment: ServerAPIEnvironment
    /// Where requests for `environment` go, without a trailing slash. Defaults to Apple's host for production
    /// and sandbox; required for `.xcode` and `.localTesting` (a simulator's address).
    public var baseURL: String?
    /// Where the sandbox fallback goes. Default Apple's sandbox host.
    public var sandboxURL: String
    /// When the environment is production: ask the sandbox when production does not know a transaction id
    /// (error 4040010 or 4040005) in the lookup endpoints (transaction info, history, statuses, refund
    /// history, app transaction info). Default true, as Apple advises for ids of unknown origin (App Review
    /// and TestFlight purchases are sandbox purchases).
    public var fallbackToSandbox: Bool
    /// How long one request may take. Default 15 s.
    public var timeout: Duration
    /// How timeouts, connection failures, HTTP 5xx and Apple's retryable codes are retried.
    public var retryPolicy: RetryPolicy
    /// How many HTTP 429 answers are waited out per call before giving up with `.rateLimited`. Default 2.
    public var rateLimitRetries: Int
    /// The longest single wait for a rate limit; a later `Retry-After` gives up at once with `.rateLimited`.
    /// Default 30 s.
    public var maximumRateLimitWait: Duration
    /// How long each bearer token is valid, at most 60 minutes. Default 20 minutes.
    public var tokenLifetime: Duration
    /// A token with less than this left is replaced. Default 5 minutes.
    public var tokenRenewalMargin: Duration

    /// Creates a configuration; only the identifiers have no default.
    public init(
        issuerId: String, keyId: String, bundleId: String, environment: ServerAPIEnvironment = .production,
        baseURL: String? = nil, sandboxURL: String = Self.appleSandboxURL, fallbackToSandbox: Bool = true,
        timeout: Duration = .seconds(15), retryPolicy: RetryPolicy = RetryPolicy(), rateLimitRetries: Int = 2,
        maximumRateLimitWait: Duration = .seconds(30), tokenLifetime: Duration = .seconds(20 * 60),
        tokenRenewalMargin: Duration = .seconds(5 * 60)
    ) {
        self.issuerId = issuerId
        self.keyId = keyId
        self.bundleId = bundleId
        self.environment = environment
        self.baseURL = baseURL
        self.sandboxURL = sandboxURL
        self.fallbackToSandbox = fallbackToSandbox
        self.timeout = timeout
        self.retryPolicy = retryPolicy
        self.rateLimitRetries = max(0, rateLimitRetries)
        self.maximumRateLimitWait = maximumRateLimitWait
        self.tokenLifetime = tokenLifetime
        self.tokenRenewalMargin = tokenRenewalMargin
    }

    /// The base URL for an environment: the configured one for `environment`, the sandbox URL for the
    /// fallback, Apple's hosts otherwise; nil when no server is known (Xcode and local testing without a
    /// `baseURL`).
    public func baseURL(for target: ServerAPIEnvironment) -> String? {
        let url: String?
        if target == environment, let baseURL {
            url = baseURL
        } else if target == .sandbox {
            url = sandboxURL
        } else if target == .production {
            url = Self.appleProductionURL
        } else {
            url = nil
        }
        return url.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
    }

    /// Whether a lookup that production does not know is asked of the sandbox.
    var sandboxFallbackEnabled: Bool {
        fallbackToSandbox && environment == .production
    }
}
