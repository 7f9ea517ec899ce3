import PerennialAppStore
import PerennialCore

/// The payload of a signed app transaction (`JWSAppTransactionDecodedPayload`) as the simulated App Store
/// writes it: Apple's field names, dates in milliseconds.
struct AppTransactionPayload: Encodable, Sendable {
    var receiptType: AppleEnvironment
    var environment: AppleEnvironment
    var appAppleId: Int64?
    var bundleId: String
    var applicationVersion = "1.0"
    var originalApplicationVersion = "1.0"
    var versionExternalIdentifier: Int64 = 0
    var receiptCreationDate: Instant
    var originalPurchaseDate: Instant
    var signedDate: Instant
    var appTransactionId: String
    var originalPlatform = PurchasePlatform.iOS
}
