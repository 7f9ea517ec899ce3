import PerennialCore

/// Reads a stored subscription state (a `subscriptions.body`) without Foundation's `JSONDecoder`, when the text
/// has the form `JSONBody.encode` writes (read by `PlainJSONReader`): one object with only `SubscriptionState`'s
/// keys and each at most once, strings, integer instants and counts. For anything else it returns nil, and
/// `JSONBody.decode` reads the text; so whenever it answers, it answers as `JSONDecoder` would (a differential
/// test holds it to that). Customer reads decode every state they return, and the decoder's generic machinery
/// cost as much as the query.
enum SubscriptionStateBody {
    /// The state the text describes, or nil when the text is not in the form above.
    static func decode(_ text: String) -> SubscriptionState? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = PlainJSONReader(UnsafeRawBufferPointer(bytes))
            var fields = Fields()
            var seen: UInt64 = 0
            do {
                try reader.beginObject()
                var first = true
                while let name = try reader.nextKey(first: &first) {
                    // A key the state does not have is left to the decoder, which ignores it.
                    guard let key = try keys.field(for: name, seen: &seen) else { return nil }
                    try fields.read(key, from: &reader)
                }
                try reader.finish()
            } catch {
                return nil
            }
            return fields.state()
        }
    }

    /// `SubscriptionState`'s synthesized coding keys.
    enum Key: String, CaseIterable, Sendable {
        case key, environment, productType, productID, status, periodType, expirationReason, revocationReason
        case cancellationReason, originalPurchasedAt, latestPurchasedAt, expiresAt, gracePeriodExpiresAt
        case billingIssueDetectedAt, revokedAt, willRenew, renewsToProductID, ownership, renewalCount
        case latestTransactionID, hasUsedIntroductoryOffer, offerCodeRefName, promotionalOfferID
        case priceConsentStatus, renewalInfoObservedAt
    }

    private static let keys = PlainJSONKeyTable<Key>()
}
