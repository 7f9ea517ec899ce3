import PerennialCore

/// Reads a stored subscription state (a `subscriptions.body`) without Foundation's `JSONDecoder`, when the text
/// has the form `JSONBody.encode` writes (read by `PlainJSONReader`): one object with only `SubscriptionState`'s
/// keys and each at most once, plain strings, integer instants and counts. For anything else it
/// returns nil, and `JSONBody.decode` reads the text; so whenever it answers, it answers as `JSONDecoder`
/// would (a differential test holds it to that). Customer reads decode every state they return, and the
/// decoder's generic machinery cost as much as the query.
enum SubscriptionStateBody {
    /// The state the text describes, or nil when the text is not in the form above.
    static func decode(_ text: String) -> SubscriptionState? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = PlainJSONReader(UnsafeRawBufferPointer(bytes))
            var fields = Fields()
            guard fields.read(&reader), (try? reader.finish()) != nil else { return nil }
            return fields.state()
        }
    }

    /// `SubscriptionState`'s synthesized coding keys.
    enum Key: Int {
        case key, environment, productType, productID, status, periodType, expirationReason, revocationReason
        case cancellationReason, originalPurchasedAt, latestPurchasedAt, expiresAt, gracePeriodExpiresAt
        case billingIssueDetectedAt, revokedAt, willRenew, renewsToProductID, ownership, renewalCount
        case latestTransactionID, hasUsedIntroductoryOffer, offerCodeRefName, promotionalOfferID
        case priceConsentStatus, renewalInfoObservedAt

        init?(_ bytes: UnsafeRawBufferPointer) {
            switch String(decoding: bytes, as: UTF8.self) {
            case "key": self = .key
            case "environment": self = .environment
            case "productType": self = .productType
            case "productID": self = .productID
            case "status": self = .status
            case "periodType": self = .periodType
            case "expirationReason": self = .expirationReason
            case "revocationReason": self = .revocationReason
            case "cancellationReason": self = .cancellationReason
            case "originalPurchasedAt": self = .originalPurchasedAt
            case "latestPurchasedAt": self = .latestPurchasedAt
            case "expiresAt": self = .expiresAt
            case "gracePeriodExpiresAt": self = .gracePeriodExpiresAt
            case "billingIssueDetectedAt": self = .billingIssueDetectedAt
            case "revokedAt": self = .revokedAt
            case "willRenew": self = .willRenew
            case "renewsToProductID": self = .renewsToProductID
            case "ownership": self = .ownership
            case "renewalCount": self = .renewalCount
            case "latestTransactionID": self = .latestTransactionID
            case "hasUsedIntroductoryOffer": self = .hasUsedIntroductoryOffer
            case "offerCodeRefName": self = .offerCodeRefName
            case "promotionalOfferID": self = .promotionalOfferID
            case "priceConsentStatus": self = .priceConsentStatus
            case "renewalInfoObservedAt": self = .renewalInfoObservedAt
            default: return nil
            }
        }
    }
}
