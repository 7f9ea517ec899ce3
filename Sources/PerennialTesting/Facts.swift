import PerennialCore

/// Builders for facts in tests: days from a fixed origin instead of raw milliseconds.
public enum Facts {
    /// 2026-01-01T00:00:00Z, the origin of `day(_:)`.
    public static let origin = Instant(milliseconds: 1_767_225_600_000)

    /// The instant `n` days (fractions allowed) after the origin.
    public static func day(_ n: Double) -> Instant {
        origin.adding(milliseconds: Int64(n * 86_400_000))
    }

    /// An App Store transaction of an auto-renewable subscription.
    public static func period(
        _ id: String, original: String = "1000", product: String = "pro.monthly", from: Double, to: Double,
        trial: Bool = false, intro: Bool = false, cancelledOn: Double? = nil, upgraded: Bool = false,
        reason: String? = nil, ownership: Ownership = .purchased, offer: String? = nil,
        environment: StoreEnvironment = .sandbox
    ) -> TransactionFact {
        TransactionFact(
            store: .appStore, environment: environment, transactionID: id, subscriptionID: original, productID: product,
            purchasedAt: day(from), expiresAt: day(to), cancelledAt: cancelledOn.map(day),
            cancellationReason: reason, isTrialPeriod: trial, isInIntroOfferPeriod: intro, isUpgraded: upgraded,
            ownership: ownership, promotionalOfferID: offer
        )
    }

    /// A one-time purchase.
    public static func purchase(
        _ id: String, original: String? = nil, product: String, on: Double, cancelledOn: Double? = nil
    ) -> TransactionFact {
        TransactionFact(
            store: .appStore, environment: .sandbox, transactionID: id, subscriptionID: original ?? id, productID: product,
            purchasedAt: day(on), cancelledAt: cancelledOn.map(day)
        )
    }

    /// A renewal-info snapshot observed on a day.
    public static func renewal(
        original: String = "1000", product: String = "pro.monthly", observedOn: Double, willRenew: Bool? = true,
        renewsTo: String? = nil, intent: Int? = nil, billingRetry: Bool? = nil, graceUntil: Double? = nil,
        priceConsent: PriceIncreaseConsent? = nil, pausedUntil: Double? = nil, endedOn: Double? = nil
    ) -> RenewalInfoFact {
        var fact = RenewalInfoFact(
            store: .appStore, environment: .sandbox, subscriptionID: original, productID: product,
            willAutoRenew: willRenew,
            autoRenewProductID: renewsTo, expirationReason: intent.map(ExpirationReason.init(appStoreExpirationIntent:)),
            isInBillingRetryPeriod: billingRetry, gracePeriodExpiresAt: graceUntil.map(day),
            priceIncreaseConsent: priceConsent, observedAt: day(observedOn)
        )
        fact.pausedUntil = pausedUntil.map(day)
        fact.endedAt = endedOn.map(day)
        return fact
    }
}
