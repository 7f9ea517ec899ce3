import PerennialAppStore
import PerennialCore

extension SimulatorState {
    /// The storefront every simulated purchase is made in.
    static let storefront = (code: "USA", id: "143441", currency: "USD")

    /// A transaction as the App Store signs it (`JWSTransactionDecodedPayload`), signed at `signedDate`.
    func transactionPayload(_ transaction: SimulatedTransaction, signedDate: Instant) -> JWSTransactionDecodedPayload {
        var payload = JWSTransactionDecodedPayload()
        let renewable = transaction.productType == .autoRenewable
        payload.transactionId = transaction.transactionID
        payload.originalTransactionId = transaction.originalTransactionID
        payload.webOrderLineItemId = renewable ? transaction.webOrderLineItemID : nil
        payload.bundleId = transaction.owner.bundleID
        payload.productId = transaction.productID
        payload.subscriptionGroupIdentifier = renewable ? transaction.subscriptionGroup : nil
        payload.purchaseDate = transaction.purchaseDate
        payload.originalPurchaseDate = transaction.originalPurchaseDate
        payload.expiresDate = transaction.expiresDate
        payload.quantity = 1
        payload.type = Self.productTypeV2(transaction.productType)
        payload.appAccountToken = transaction.appAccountToken
        let familyShared = transaction.ownership == .familyShared
        payload.inAppOwnershipType = familyShared ? .familyShared : .purchased
        payload.signedDate = signedDate
        if transaction.isUpgraded {
            payload.isUpgraded = true
        } else if let cancelled = transaction.cancellationDate {
            payload.revocationDate = cancelled
            if familyShared && transaction.cancellationReason == nil {
                payload.revocationType = .familyRevoke
            } else {
                payload.revocationReason = AppleRevocationReason(rawValue: Int(transaction.cancellationReason ?? "0") ?? 0)
                payload.revocationType = .refundFull
            }
        }
        applyOffer(of: transaction, to: &payload)
        payload.environment = Self.appleEnvironment(transaction.owner.environment)
        payload.storefront = Self.storefront.code
        payload.storefrontId = Self.storefront.id
        payload.transactionReason = transaction.isRenewal ? .renewal : .purchase
        payload.currency = Self.storefront.currency
        payload.price = price(of: transaction)
        return payload
    }

    /// The transaction's JWS, or nil when it is unknown.
    func signedTransaction(_ transactionID: String, signedDate: Instant) -> String? {
        guard let transaction = transactions[transactionID] else { return nil }
        return try? SimulatorJWS.sign(transactionPayload(transaction, signedDate: signedDate), with: authority)
    }

    /// What the customer paid, in milliunits: nothing in a free trial, half price in an introductory period.
    func price(of transaction: SimulatedTransaction) -> Int64 {
        let full = product(transaction.owner.bundleID, transaction.productID)?.priceMilliunits ?? 0
        if transaction.isTrialPeriod { return 0 }
        if let offerID = transaction.promotionalOfferID,
            let offer = promotionalOffer(transaction.owner.bundleID, transaction.productID, offerID)
        {
            return offer.chargeMilliunits
        }
        return transaction.isInIntroOfferPeriod ? full / 2 : full
    }

    private func applyOffer(of transaction: SimulatedTransaction, to payload: inout JWSTransactionDecodedPayload) {
        let configured = product(transaction.owner.bundleID, transaction.productID)
        if let offerID = transaction.promotionalOfferID {
            payload.offerType = .promotional
            payload.offerIdentifier = offerID
            if let offer = configured?.promotionalOffer(offerID) {
                payload.offerDiscountType = Self.discountType(of: offer)
                payload.offerPeriod = configured?.period.map { period in
                    let (count, unit) = period.isoComponents
                    return "P\(offer.periods * count)\(unit)"
                }
            }
        } else if transaction.isTrialPeriod {
            payload.offerType = .introductory
            payload.offerDiscountType = .freeTrial
            payload.offerPeriod = configured?.trialPeriod?.iso8601
        } else if transaction.isInIntroOfferPeriod {
            payload.offerType = .introductory
            payload.offerDiscountType = .payAsYouGo
            payload.offerPeriod = configured?.introOffer.map { offer in
                let (count, unit) = offer.period.isoComponents
                return "P\(offer.periods * count)\(unit)"
            }
        }
    }

    /// `offerDiscountType` of a promotional offer.
    static func discountType(of offer: SimulatorPromotionalOffer) -> OfferDiscountType {
        switch offer.type {
        case .payAsYouGo: .payAsYouGo
        case .payUpFront: .payUpFront
        case .free: .freeTrial
        }
    }

    static func productTypeV2(_ type: ProductType) -> ProductTypeV2 {
        switch type {
        case .autoRenewable: .autoRenewableSubscription
        case .nonRenewing: .nonRenewingSubscription
        case .nonConsumable: .nonConsumable
        case .consumable: .consumable
        }
    }

    static func appleEnvironment(_ environment: StoreEnvironment) -> AppleEnvironment {
        switch environment {
        case .production: .production
        case .sandbox: .sandbox
        case .xcode: .xcode
        }
    }
}
