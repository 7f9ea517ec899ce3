import PerennialCore

/// Signed payloads read without `Codable` when they are plain JSON (as the App Store sends them).
extension JWSTransactionDecodedPayload: PlainJSONDecodable {
    package static let plainKeys = PlainJSONKeyTable<PlainField>()

    package mutating func read(_ field: PlainField, from reader: inout PlainJSONReader) throws(PlainJSONDeclined) {
        switch field {
        case .originalTransactionId: originalTransactionId = try reader.optionalString()
        case .transactionId: transactionId = try reader.optionalString()
        case .webOrderLineItemId: webOrderLineItemId = try reader.optionalString()
        case .bundleId: bundleId = try reader.optionalString()
        case .productId: productId = try reader.optionalString()
        case .subscriptionGroupIdentifier: subscriptionGroupIdentifier = try reader.optionalString()
        case .purchaseDate: purchaseDate = try reader.optionalInstant()
        case .originalPurchaseDate: originalPurchaseDate = try reader.optionalInstant()
        case .expiresDate: expiresDate = try reader.optionalInstant()
        case .quantity: quantity = try reader.optionalInt()
        case .type: type = try reader.optionalString().map(ProductTypeV2.init(rawValue:))
        case .appAccountToken: appAccountToken = try reader.optionalString()
        case .inAppOwnershipType: inAppOwnershipType = try reader.optionalString().map(InAppOwnershipType.init(rawValue:))
        case .signedDate: signedDate = try reader.optionalInstant()
        case .revocationReason: revocationReason = try reader.optionalInt().map(AppleRevocationReason.init(rawValue:))
        case .revocationDate: revocationDate = try reader.optionalInstant()
        case .isUpgraded: isUpgraded = try reader.optionalBool()
        case .offerType: offerType = try reader.optionalInt().map(OfferType.init(rawValue:))
        case .offerIdentifier: offerIdentifier = try reader.optionalString()
        case .environment: environment = try reader.optionalString().map(AppleEnvironment.init(rawValue:))
        case .storefront: storefront = try reader.optionalString()
        case .storefrontId: storefrontId = try reader.optionalString()
        case .transactionReason: transactionReason = try reader.optionalString().map(TransactionReason.init(rawValue:))
        case .currency: currency = try reader.optionalString()
        case .price: price = try reader.optionalInteger()
        case .offerDiscountType: offerDiscountType = try reader.optionalString().map(OfferDiscountType.init(rawValue:))
        case .appTransactionId: appTransactionId = try reader.optionalString()
        case .offerPeriod: offerPeriod = try reader.optionalString()
        case .revocationType: revocationType = try reader.optionalString().map(RevocationType.init(rawValue:))
        case .revocationPercentage: revocationPercentage = try reader.optionalInt()
        case .billingPlanType: billingPlanType = try reader.optionalString()
        case .commitmentInfo: commitmentInfo = try reader.optionalValue()
        case .advancedCommerceInfo: advancedCommerceInfo = try reader.optionalValue()
        }
    }

    /// The keys `init(from:)` reads, named as Apple sends them.
    package enum PlainField: String, CaseIterable, Sendable {
        case originalTransactionId, transactionId, webOrderLineItemId, bundleId, productId
        case subscriptionGroupIdentifier, purchaseDate, originalPurchaseDate, expiresDate, quantity, type
        case appAccountToken, inAppOwnershipType, signedDate, revocationReason, revocationDate, isUpgraded
        case offerType, offerIdentifier, environment, storefront, storefrontId, transactionReason, currency
        case price, offerDiscountType, appTransactionId, offerPeriod, revocationType, revocationPercentage
        case billingPlanType, commitmentInfo, advancedCommerceInfo
    }
}
