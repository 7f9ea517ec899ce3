import PerennialAppStore

/// How Perennial talks to the App Store for one app.
public struct AppleSettings: Sendable, Hashable {
    /// The app-specific or primary shared secret (32 hexadecimal characters).
    public var sharedSecret: String
    /// The secret being rotated out, still accepted while the rotation lasts.
    public var previousSharedSecret: String?
    public var productionVerifyReceiptURL: String
    public var sandboxVerifyReceiptURL: String

    public init(
        sharedSecret: String, previousSharedSecret: String? = nil,
        productionVerifyReceiptURL: String = VerifyReceiptConfiguration.appleProductionURL,
        sandboxVerifyReceiptURL: String = VerifyReceiptConfiguration.appleSandboxURL
    ) {
        self.sharedSecret = sharedSecret
        self.previousSharedSecret = previousSharedSecret
        self.productionVerifyReceiptURL = productionVerifyReceiptURL
        self.sandboxVerifyReceiptURL = sandboxVerifyReceiptURL
    }
}
