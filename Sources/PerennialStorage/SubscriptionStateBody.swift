import PerennialCore

/// Reads a stored subscription state (a `subscriptions.body`) without Foundation's `JSONDecoder`, when the text
/// has the form `JSONBody.encode` writes (read by `PlainJSONReader`): one object with only `SubscriptionState`'s
/// keys and each at most once, strings, integer instants and counts. For anything else it returns nil, and
/// `JSONBody.decode` reads the text; so whenever it answers, it answers as `JSONDecoder` would (a differential
/// test holds it to that). Customer reads decode every state they return, and the decoder's generic machinery
/// cost as much as the query.
/// Fast path for the benchmark `entitlements-http` (BENCHMARKS.md).
enum SubscriptionStateBody {
    /// The state the text describes, or nil when the text is not in the form above.
    static func decode(_ text: String) -> SubscriptionState? {
        var text = text
        return text.withUTF8 { Fields.plainDecoded(from: UnsafeRawBufferPointer($0))?.state() }
    }

    /// `SubscriptionState`'s synthesized coding keys.
    enum Key: String, CaseIterable, Sendable {
        case key, environment, productType, productID, status, periodType, expirationReason, revocationReason
        case cancellationReason, originalPurchasedAt, latestPurchasedAt, expiresAt, gracePeriodExpiresAt
        case billingIssueDetectedAt, revokedAt, willRenew, renewsToProductID, ownership, renewalCount
        case latestTransactionID, hasUsedIntroductoryOffer, offerCodeRefName, promotionalOfferID
        case priceIncreaseConsent, renewalInfoObservedAt, resumesAt
    }
}
