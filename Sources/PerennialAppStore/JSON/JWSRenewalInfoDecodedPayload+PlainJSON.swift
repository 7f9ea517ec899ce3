import PerennialCore

/// Signed payloads read without `Codable` when they are plain JSON (as the App Store sends them).
extension JWSRenewalInfoDecodedPayload: PlainJSONDecodable {
    package static let plainKeys = PlainJSONKeyTable<PlainField>()

    package mutating func read(_ field: PlainField, from reader: inout PlainJSONReader) throws(PlainJSONDeclined) {
        switch field {
        case .expirationIntent: expirationIntent = try reader.optionalInt().map(ExpirationIntent.init(rawValue:))
        case .originalTransactionId: originalTransactionId = try reader.optionalString()
        case .autoRenewProductId: autoRenewProductId = try reader.optionalString()
        case .productId: productId = try reader.optionalString()
        case .autoRenewStatus: autoRenewStatus = try reader.optionalInt().map(AutoRenewStatus.init(rawValue:))
        case .isInBillingRetryPeriod: isInBillingRetryPeriod = try reader.optionalBool()
        case .priceIncreaseStatus: priceIncreaseStatus = try reader.optionalInt().map(PriceIncreaseStatus.init(rawValue:))
        case .gracePeriodExpiresDate: gracePeriodExpiresDate = try reader.optionalInstant()
        case .offerType: offerType = try reader.optionalInt().map(OfferType.init(rawValue:))
        case .offerIdentifier: offerIdentifier = try reader.optionalString()
        case .signedDate: signedDate = try reader.optionalInstant()
        case .environment: environment = try reader.optionalString().map(AppleEnvironment.init(rawValue:))
        case .recentSubscriptionStartDate: recentSubscriptionStartDate = try reader.optionalInstant()
        case .renewalDate: renewalDate = try reader.optionalInstant()
        case .currency: currency = try reader.optionalString()
        case .renewalPrice: renewalPrice = try reader.optionalInteger()
        case .offerDiscountType: offerDiscountType = try reader.optionalString().map(OfferDiscountType.init(rawValue:))
        case .eligibleWinBackOfferIds: eligibleWinBackOfferIds = try reader.optionalStrings()
        case .appAccountToken: appAccountToken = try reader.optionalString()
        case .appTransactionId: appTransactionId = try reader.optionalString()
        case .offerPeriod: offerPeriod = try reader.optionalString()
        case .renewalBillingPlanType: renewalBillingPlanType = try reader.optionalString()
        case .commitmentInfo: commitmentInfo = try reader.optionalValue()
        case .advancedCommerceInfo: advancedCommerceInfo = try reader.optionalValue()
        }
    }

    /// The keys `init(from:)` reads, named as Apple sends them.
    package enum PlainField: String, CaseIterable, Sendable {
        case expirationIntent, originalTransactionId, autoRenewProductId, productId, autoRenewStatus
        case isInBillingRetryPeriod, priceIncreaseStatus, gracePeriodExpiresDate, offerType, offerIdentifier
        case signedDate, environment, recentSubscriptionStartDate, renewalDate, currency, renewalPrice
        case offerDiscountType, eligibleWinBackOfferIds, appAccountToken, appTransactionId, offerPeriod
        case renewalBillingPlanType, commitmentInfo, advancedCommerceInfo
    }
}
