import PerennialOutbound
/// Where and how `VerifyReceiptClient` asks Apple's verifyReceipt endpoint.
///
/// The description and reflection of a configuration never show the shared secrets, so a configuration can
/// be logged or dumped safely.
public struct VerifyReceiptConfiguration: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// Apple's production endpoint.
    public static let appleProductionURL = "https://buy.itunes.apple.com/verifyReceipt"
    /// Apple's sandbox endpoint.
    public static let appleSandboxURL = "https://sandbox.itunes.apple.com/verifyReceipt"

    /// The production endpoint, asked first. Default `https://buy.itunes.apple.com/verifyReceipt`.
    public var productionURL: String
    /// The sandbox endpoint, asked when production answers 21007. Default
    /// `https://sandbox.itunes.apple.com/verifyReceipt`.
    public var sandboxURL: String
    /// The app-specific (or primary) shared secret, sent as `password`; nil sends none (apps without
    /// auto-renewable subscriptions).
    public var sharedSecret: String?
    /// The secret being rotated out: tried once when the current one is refused with 21004. Default nil.
    public var previousSharedSecret: String?
    /// How long one request may take. Default 15 s.
    public var timeout: Duration
    /// How failures that may pass (HTTP 5xx, 429, timeouts, statuses 21005, 21009, retryable 211xx) are retried.
    public var retryPolicy: RetryPolicy

    /// Creates a configuration; only the shared secret has no default.
    public init(
        productionURL: String = Self.appleProductionURL, sandboxURL: String = Self.appleSandboxURL,
        sharedSecret: String?, previousSharedSecret: String? = nil, timeout: Duration = .seconds(15),
        retryPolicy: RetryPolicy = RetryPolicy()
    ) {
        self.productionURL = productionURL
        self.sandboxURL = sandboxURL
        self.sharedSecret = sharedSecret
        self.previousSharedSecret = previousSharedSecret
        self.timeout = timeout
        self.retryPolicy = retryPolicy
    }

    public var description: String {
        "VerifyReceiptConfiguration(productionURL: \(productionURL), sandboxURL: \(sandboxURL), "
            + "sharedSecret: \(sharedSecret == nil ? "nil" : "<redacted>"), "
            + "previousSharedSecret: \(previousSharedSecret == nil ? "nil" : "<redacted>"), "
            + "timeout: \(timeout), retryPolicy: \(retryPolicy))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "productionURL": productionURL, "sandboxURL": sandboxURL,
                "sharedSecret": sharedSecret == nil ? "nil" : "<redacted>",
                "previousSharedSecret": previousSharedSecret == nil ? "nil" : "<redacted>",
                "timeout": timeout, "retryPolicy": retryPolicy,
            ],
            displayStyle: .struct
        )
    }
}
