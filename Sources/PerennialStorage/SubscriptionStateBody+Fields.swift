import PerennialCore

extension SubscriptionStateBody {
    /// The values read so far. A key absent or `null` leaves an optional property nil, as `decodeIfPresent`
    /// does; a required one missing, `null` or of another type declines. A key the state does not have is
    /// left to the decoder (which ignores it).
    struct Fields: PlainJSONDecodable {
        static let plainKeys = PlainJSONKeyTable<Key>()
        static var skipsUnknownKeys: Bool { false }

        var key: SubscriptionKey?
        var environment: StoreEnvironment?
        var productType: ProductType?
        var productID: String?
        var status: SubscriptionStatus?
        var periodType: PeriodType?
        var expirationReason: ExpirationReason?
        var revocationReason: RevocationReason?
        var cancellationReason: String?
        var originalPurchasedAt: Instant?
        var latestPurchasedAt: Instant?
        var expiresAt: Instant?
        var gracePeriodExpiresAt: Instant?
        var billingIssueDetectedAt: Instant?
        var revokedAt: Instant?
        var willRenew: Bool?
        var renewsToProductID: String?
        var ownership: Ownership?
        var renewalCount: Int?
        var latestTransactionID: String?
        var hasUsedIntroductoryOffer: Bool?
        var offerCodeRefName: String?
        var promotionalOfferID: String?
        var priceIncreaseConsent: PriceIncreaseConsent?
        var renewalInfoObservedAt: Instant?
        var resumesAt: Instant?

        /// Reads the value of `key` (the reader is just past the key).
        mutating func read(_ key: Key, from reader: inout PlainJSONReader) throws(PlainJSONDeclined) {
            switch key {
            case .key: self.key = try Self.subscriptionKey(&reader)
            case .environment: environment = try Self.value(reader.string())
            case .productType: productType = try Self.value(reader.string())
            case .productID: productID = try reader.string()
            case .status: status = try Self.value(reader.string())
            case .periodType: periodType = try Self.value(reader.string())
            case .expirationReason: expirationReason = try reader.optionalString().map(Self.value)
            case .revocationReason: revocationReason = try reader.optionalString().map(Self.value)
            case .cancellationReason: cancellationReason = try reader.optionalString()
            case .originalPurchasedAt: originalPurchasedAt = Instant(milliseconds: try reader.integer())
            case .latestPurchasedAt: latestPurchasedAt = Instant(milliseconds: try reader.integer())
            case .expiresAt: expiresAt = try reader.optionalInstant()
            case .gracePeriodExpiresAt: gracePeriodExpiresAt = try reader.optionalInstant()
            case .billingIssueDetectedAt: billingIssueDetectedAt = try reader.optionalInstant()
            case .revokedAt: revokedAt = try reader.optionalInstant()
            case .willRenew: willRenew = try reader.bool()
            case .renewsToProductID: renewsToProductID = try reader.optionalString()
            case .ownership: ownership = try Self.value(reader.string())
            case .renewalCount:
                guard let count = Int(exactly: try reader.integer()) else { throw PlainJSONDeclined() }
                renewalCount = count
            case .latestTransactionID: latestTransactionID = try reader.string()
            case .hasUsedIntroductoryOffer: hasUsedIntroductoryOffer = try reader.bool()
            case .offerCodeRefName: offerCodeRefName = try reader.optionalString()
            case .promotionalOfferID: promotionalOfferID = try reader.optionalString()
            case .priceIncreaseConsent: priceIncreaseConsent = try reader.optionalString().map(Self.value)
            case .renewalInfoObservedAt: renewalInfoObservedAt = try reader.optionalInstant()
            case .resumesAt: resumesAt = try reader.optionalInstant()
            }
        }

        /// The enumeration case spelled `text`; a spelling the type does not have declines.
        private static func value<Value: RawRepresentable>(_ text: String) throws(PlainJSONDeclined) -> Value
        where Value.RawValue == String {
            guard let value = Value(rawValue: text) else { throw PlainJSONDeclined() }
            return value
        }

        /// `SubscriptionKey`'s keys.
        private enum KeyField: String, CaseIterable, Sendable {
            case store, id
        }

        private static let keyFields = PlainJSONKeyTable<KeyField>()

        /// `{"id":…,"store":…}`, in either order, each once, nothing else.
        private static func subscriptionKey(_ reader: inout PlainJSONReader) throws(PlainJSONDeclined) -> SubscriptionKey {
            try reader.beginObject()
            var store: Store?
            var id: String?
            var seen: UInt64 = 0
            var first = true
            while let name = try reader.nextKey(first: &first) {
                switch try keyFields.field(for: name, seen: &seen) {
                case .store: store = try value(reader.string())
                case .id: id = try reader.string()
                case nil: throw PlainJSONDeclined()
                }
            }
            guard let store, let id else { throw PlainJSONDeclined() }
            return SubscriptionKey(store: store, id: id)
        }

        /// The state, when every required property was read.
        func state() -> SubscriptionState? {
            guard let key, let environment, let productType, let productID, let status, let periodType,
                  let originalPurchasedAt, let latestPurchasedAt, let willRenew, let ownership, let renewalCount,
                  let latestTransactionID, let hasUsedIntroductoryOffer
            else { return nil }
            var state = SubscriptionState(
                key: key, environment: environment, productType: productType, productID: productID, status: status,
                periodType: periodType, expirationReason: expirationReason, revocationReason: revocationReason,
                cancellationReason: cancellationReason, originalPurchasedAt: originalPurchasedAt,
                latestPurchasedAt: latestPurchasedAt, expiresAt: expiresAt, gracePeriodExpiresAt: gracePeriodExpiresAt,
                billingIssueDetectedAt: billingIssueDetectedAt, revokedAt: revokedAt, willRenew: willRenew,
                renewsToProductID: renewsToProductID, ownership: ownership, renewalCount: renewalCount,
                latestTransactionID: latestTransactionID, hasUsedIntroductoryOffer: hasUsedIntroductoryOffer,
                offerCodeRefName: offerCodeRefName, promotionalOfferID: promotionalOfferID,
                priceIncreaseConsent: priceIncreaseConsent
            )
            state.renewalInfoObservedAt = renewalInfoObservedAt
            state.resumesAt = resumesAt
            return state
        }
    }
}
