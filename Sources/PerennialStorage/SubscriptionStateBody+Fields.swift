import PerennialCore

extension SubscriptionStateBody {
    /// The values read so far. A key absent or `null` leaves an optional property nil, as `decodeIfPresent`
    /// does; a required one missing fails.
    struct Fields {
        var seen: UInt32 = 0
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
        var priceConsentStatus: String?
        var renewalInfoObservedAt: Instant?

        /// Reads the object; false when it is not in the accepted form.
        mutating func read(_ reader: inout PlainJSONReader) -> Bool {
            guard (try? reader.beginObject()) != nil else { return false }
            var first = true
            while true {
                let next: UnsafeRawBufferPointer?
                do { next = try reader.nextKey(first: &first) } catch { return false }
                guard let name = next else { return true }
                guard let key = Key(name) else { return false }
                let bit: UInt32 = 1 << UInt32(key.rawValue)
                guard seen & bit == 0 else { return false }
                seen |= bit
                guard readValue(of: key, from: &reader) else { return false }
            }
        }

        private mutating func readValue(of key: Key, from reader: inout PlainJSONReader) -> Bool {
            // `null` is nil for the optional properties; for the required ones the decoder would fail.
            guard let isNull = try? reader.consumeNull() else { return false }
            if isNull {
                switch key {
                case .key, .environment, .productType, .productID, .status, .periodType, .originalPurchasedAt,
                     .latestPurchasedAt, .willRenew, .ownership, .renewalCount, .latestTransactionID,
                     .hasUsedIntroductoryOffer:
                    return false
                default:
                    return true
                }
            }
            switch key {
            case .key: self.key = Self.subscriptionKey(&reader)
            case .environment: environment = (try? reader.string()).flatMap(StoreEnvironment.init(rawValue:))
            case .productType: productType = (try? reader.string()).flatMap(ProductType.init(rawValue:))
            case .productID: productID = (try? reader.string())
            case .status: status = (try? reader.string()).flatMap(SubscriptionStatus.init(rawValue:))
            case .periodType: periodType = (try? reader.string()).flatMap(PeriodType.init(rawValue:))
            case .expirationReason:
                expirationReason = (try? reader.string()).flatMap(ExpirationReason.init(rawValue:))
                return expirationReason != nil
            case .revocationReason:
                revocationReason = (try? reader.string()).flatMap(RevocationReason.init(rawValue:))
                return revocationReason != nil
            case .cancellationReason:
                cancellationReason = (try? reader.string())
                return cancellationReason != nil
            case .originalPurchasedAt: originalPurchasedAt = (try? reader.integer()).map(Instant.init(milliseconds:))
            case .latestPurchasedAt: latestPurchasedAt = (try? reader.integer()).map(Instant.init(milliseconds:))
            case .expiresAt:
                expiresAt = (try? reader.integer()).map(Instant.init(milliseconds:))
                return expiresAt != nil
            case .gracePeriodExpiresAt:
                gracePeriodExpiresAt = (try? reader.integer()).map(Instant.init(milliseconds:))
                return gracePeriodExpiresAt != nil
            case .billingIssueDetectedAt:
                billingIssueDetectedAt = (try? reader.integer()).map(Instant.init(milliseconds:))
                return billingIssueDetectedAt != nil
            case .revokedAt:
                revokedAt = (try? reader.integer()).map(Instant.init(milliseconds:))
                return revokedAt != nil
            case .willRenew: willRenew = (try? reader.bool())
            case .renewsToProductID:
                renewsToProductID = (try? reader.string())
                return renewsToProductID != nil
            case .ownership: ownership = (try? reader.string()).flatMap(Ownership.init(rawValue:))
            case .renewalCount: renewalCount = (try? reader.integer()).flatMap { Int(exactly: $0) }
            case .latestTransactionID: latestTransactionID = (try? reader.string())
            case .hasUsedIntroductoryOffer: hasUsedIntroductoryOffer = (try? reader.bool())
            case .offerCodeRefName:
                offerCodeRefName = (try? reader.string())
                return offerCodeRefName != nil
            case .promotionalOfferID:
                promotionalOfferID = (try? reader.string())
                return promotionalOfferID != nil
            case .priceConsentStatus:
                priceConsentStatus = (try? reader.string())
                return priceConsentStatus != nil
            case .renewalInfoObservedAt:
                renewalInfoObservedAt = (try? reader.integer()).map(Instant.init(milliseconds:))
                return renewalInfoObservedAt != nil
            }
            // A required value: read only if it had the right form.
            return isSet(key)
        }

        private func isSet(_ key: Key) -> Bool {
            switch key {
            case .key: self.key != nil
            case .environment: environment != nil
            case .productType: productType != nil
            case .productID: productID != nil
            case .status: status != nil
            case .periodType: periodType != nil
            case .originalPurchasedAt: originalPurchasedAt != nil
            case .latestPurchasedAt: latestPurchasedAt != nil
            case .willRenew: willRenew != nil
            case .ownership: ownership != nil
            case .renewalCount: renewalCount != nil
            case .latestTransactionID: latestTransactionID != nil
            case .hasUsedIntroductoryOffer: hasUsedIntroductoryOffer != nil
            default: true
            }
        }

        /// `{"originalTransactionID":…,"store":…}`, in either order, each once.
        private static func subscriptionKey(_ reader: inout PlainJSONReader) -> SubscriptionKey? {
            guard (try? reader.beginObject()) != nil else { return nil }
            var store: Store?
            var originalTransactionID: String?
            var first = true
            while true {
                let next: UnsafeRawBufferPointer?
                do { next = try reader.nextKey(first: &first) } catch { return nil }
                guard let name = next else { break }
                switch String(decoding: name, as: UTF8.self) {
                case "store" where store == nil:
                    guard let value = (try? reader.string()).flatMap(Store.init(rawValue:)) else { return nil }
                    store = value
                case "originalTransactionID" where originalTransactionID == nil:
                    guard let value = try? reader.string() else { return nil }
                    originalTransactionID = value
                default:
                    return nil
                }
            }
            guard let store, let originalTransactionID else { return nil }
            return SubscriptionKey(store: store, originalTransactionID: originalTransactionID)
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
                priceConsentStatus: priceConsentStatus
            )
            state.renewalInfoObservedAt = renewalInfoObservedAt
            return state
        }
    }
}
