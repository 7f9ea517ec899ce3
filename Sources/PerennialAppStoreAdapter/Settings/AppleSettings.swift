import PerennialAppStore
import PerennialServices

/// How Perennial talks to the App Store for one app.
public struct AppleSettings: Sendable, Hashable {
    /// The app-specific or primary shared secret (32 hexadecimal characters).
    public var sharedSecret: String
    /// The secret being rotated out, still accepted while the rotation lasts.
    public var previousSharedSecret: String?
    public var productionVerifyReceiptURL: String
    public var sandboxVerifyReceiptURL: String
    /// The app's App Store id; signed data from production must carry it.
    public var appAppleID: Int64?
    /// The environments whose signed data the app accepts (`Production`, `Sandbox`, and for development
    /// `Xcode` or `LocalTesting`, whose data Apple does not sign with its chain). Default Production and
    /// Sandbox: App Review purchases in the sandbox.
    public var environments: Set<String>
    /// The roots signed data must chain to (DER); empty for Apple Root CA - G3.
    public var trustedRoots: [[UInt8]]
    /// Check signing certificates for revocation online (OCSP) and judge them now rather than at the
    /// signing date. Off by default, as in Apple's libraries; when the responder cannot be reached, signed
    /// data is answered "retry later".
    public var onlineChecks: Bool
    /// How receipts are validated.
    public var receiptValidation: ReceiptValidationMode
    /// App Store Server API credentials, if the team configured them.
    public var serverAPI: ServerAPISettings?
    /// Subscription-offer keys.
    public var offerKeys: [OfferKeySettings] = []
    /// The key that signs offers now (active, one of `offerKeys`).
    public var offerSigningKeyID: String?
    /// The issuer id for version 2 offer signatures; the Server API's issuer id when not set.
    public var offerIssuerID: String?
    /// Status polling; nil: off.
    public var statusPolling: StatusPollingSettings?
    /// Missed-notification recovery through the notification history; nil: off.
    public var notificationCatchUp: NotificationCatchUpSettings?

    public init(
        sharedSecret: String, previousSharedSecret: String? = nil,
        productionVerifyReceiptURL: String = VerifyReceiptConfiguration.appleProductionURL,
        sandboxVerifyReceiptURL: String = VerifyReceiptConfiguration.appleSandboxURL, appAppleID: Int64? = nil,
        environments: Set<String> = ["Production", "Sandbox"], trustedRoots: [[UInt8]] = [],
        receiptValidation: ReceiptValidationMode = .verifyReceipt, serverAPI: ServerAPISettings? = nil,
        onlineChecks: Bool = false
    ) {
        self.sharedSecret = sharedSecret
        self.previousSharedSecret = previousSharedSecret
        self.productionVerifyReceiptURL = productionVerifyReceiptURL
        self.sandboxVerifyReceiptURL = sandboxVerifyReceiptURL
        self.appAppleID = appAppleID
        self.environments = environments
        self.trustedRoots = trustedRoots
        self.receiptValidation = receiptValidation
        self.serverAPI = serverAPI
        self.onlineChecks = onlineChecks
    }
}
