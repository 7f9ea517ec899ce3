import PerennialCore

/// A signed app transaction's payload (`AppTransaction`): the customer's download of the app, field names
/// exactly as Apple sends them.
public struct AppTransaction: Codable, Sendable, Hashable {
    /// The environment that signed it: Production, Sandbox, Xcode or LocalTesting.
    public var receiptType: AppleEnvironment?
    /// The app's Apple id (absent outside Production).
    public var appAppleId: Int64?
    /// The app's bundle id.
    public var bundleId: String?
    /// The app version the transaction was made for.
    public var applicationVersion: String?
    /// The id of the app version in the App Store.
    public var versionExternalIdentifier: Int64?
    /// When the App Store created the app transaction; the chain is judged at this instant.
    public var receiptCreationDate: Instant?
    /// When the customer first got the app.
    public var originalPurchaseDate: Instant?
    /// The app version the customer first got.
    public var originalApplicationVersion: String?
    /// The device verification value, base64.
    public var deviceVerification: String?
    /// The nonce (a UUID) used to compute `deviceVerification`.
    public var deviceVerificationNonce: String?
    /// When the customer pre-ordered the app.
    public var preorderDate: Instant?
    /// The app transaction's id.
    public var appTransactionId: String?
    /// The platform the customer first got the app on.
    public var originalPlatform: PurchasePlatform?
    /// When the app requested the app transaction (StoreKit and Xcode payloads).
    public var requestDate: Instant?

    /// An empty app transaction: every field nil.
    public init() {}

    /// Decodes every known field, ignores unknown ones, and reads dates with fractional milliseconds (Xcode).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        receiptType = try c.decodeIfPresent(AppleEnvironment.self, forKey: .receiptType)
        appAppleId = try c.decodeIfPresent(Int64.self, forKey: .appAppleId)
        bundleId = try c.decodeIfPresent(String.self, forKey: .bundleId)
        applicationVersion = try c.decodeIfPresent(String.self, forKey: .applicationVersion)
        versionExternalIdentifier = try c.decodeIfPresent(Int64.self, forKey: .versionExternalIdentifier)
        receiptCreationDate = try c.decodeAppleDate(forKey: .receiptCreationDate)
        originalPurchaseDate = try c.decodeAppleDate(forKey: .originalPurchaseDate)
        originalApplicationVersion = try c.decodeIfPresent(String.self, forKey: .originalApplicationVersion)
        deviceVerification = try c.decodeIfPresent(String.self, forKey: .deviceVerification)
        deviceVerificationNonce = try c.decodeIfPresent(String.self, forKey: .deviceVerificationNonce)
        preorderDate = try c.decodeAppleDate(forKey: .preorderDate)
        appTransactionId = try c.decodeIfPresent(String.self, forKey: .appTransactionId)
        originalPlatform = try c.decodeIfPresent(PurchasePlatform.self, forKey: .originalPlatform)
        requestDate = try c.decodeAppleDate(forKey: .requestDate)
    }
}
