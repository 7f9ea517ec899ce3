import Foundation
import PerennialCore

/// The content of an app receipt: what the App Store vouches for about the app and its purchases.
///
/// Fields are optional because the ASN.1 form leaves out what does not apply (Xcode receipts have no
/// original application version). Attributes of other types are kept in `otherAttributes`.
public struct AppReceiptPayload: Hashable, Sendable {
    /// Attribute 0: `Production`, `ProductionSandbox`, `Sandbox`, `Xcode`, …
    public var receiptType: String?
    /// Attribute 2: the app's bundle identifier.
    public var bundleID: String?
    /// Attribute 3: the app version (CFBundleVersion on iOS) the receipt was created for.
    public var applicationVersion: String?
    /// Attribute 19: the version of the app that was originally purchased.
    public var originalApplicationVersion: String?
    /// Attribute 12: when the receipt was created; the instant its certificate chain is judged at.
    public var receiptCreationDate: Instant?
    /// Attribute 21: when the receipt expires (volume purchase program), if ever.
    public var expirationDate: Instant?
    /// Attribute 4: an opaque value used with the device identifier to compute `sha1Hash`.
    public var opaqueValue: Data?
    /// Attribute 5: SHA-1 of the device identifier, the opaque value and the bundle id, as on the device.
    public var sha1Hash: Data?
    /// Attribute 17, once per purchase, in the order of the receipt.
    public var inAppPurchases: [AppReceiptPurchase]
    /// Attributes of other types, in the order of the receipt.
    public var otherAttributes: [AppReceiptAttribute]

    /// Creates a payload.
    public init(
        receiptType: String? = nil, bundleID: String? = nil, applicationVersion: String? = nil,
        originalApplicationVersion: String? = nil, receiptCreationDate: Instant? = nil,
        expirationDate: Instant? = nil, opaqueValue: Data? = nil, sha1Hash: Data? = nil,
        inAppPurchases: [AppReceiptPurchase] = [], otherAttributes: [AppReceiptAttribute] = []
    ) {
        self.receiptType = receiptType
        self.bundleID = bundleID
        self.applicationVersion = applicationVersion
        self.originalApplicationVersion = originalApplicationVersion
        self.receiptCreationDate = receiptCreationDate
        self.expirationDate = expirationDate
        self.opaqueValue = opaqueValue
        self.sha1Hash = sha1Hash
        self.inAppPurchases = inAppPurchases
        self.otherAttributes = otherAttributes
    }
}
