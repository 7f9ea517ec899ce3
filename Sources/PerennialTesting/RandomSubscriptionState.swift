import PerennialCore

/// Random subscription states for round-trip tests of the hand-written JSON readers and writers: every
/// field set or left nil at random, texts drawn from a caller's list (awkward characters included).
public enum RandomSubscriptionState {
    /// A state whose texts come from `text` and whose instants lie in `instants` (milliseconds).
    public static func make(
        _ random: inout SplitMix64, text: (inout SplitMix64) -> String, instants: ClosedRange<Int64>
    ) -> SubscriptionState {
        let instant: (inout SplitMix64) -> Instant = { Instant(milliseconds: Int64.random(in: instants, using: &$0)) }
        var state = SubscriptionState(
            key: SubscriptionKey(store: [Store.appStore, .playStore, .stripe].randomElement(using: &random)!, id: text(&random)),
            environment: StoreEnvironment.allCases.randomElement(using: &random)!,
            productType: ProductType.allCases.randomElement(using: &random)!, productID: text(&random),
            status: SubscriptionStatus.allCases.randomElement(using: &random)!,
            periodType: [.trial, .intro, .normal].randomElement(using: &random)!,
            expirationReason: maybe(&random) { ExpirationReason.allCases.randomElement(using: &$0)! },
            revocationReason: maybe(&random) { [RevocationReason.refund, .familySharingRevoked].randomElement(using: &$0)! },
            cancellationReason: maybe(&random, text), originalPurchasedAt: instant(&random),
            latestPurchasedAt: instant(&random), expiresAt: maybe(&random, instant),
            gracePeriodExpiresAt: maybe(&random, instant), billingIssueDetectedAt: maybe(&random, instant),
            revokedAt: maybe(&random, instant), willRenew: Bool.random(using: &random),
            renewsToProductID: maybe(&random, text), ownership: Bool.random(using: &random) ? .purchased : .familyShared,
            renewalCount: Int.random(in: -2...100_000, using: &random), latestTransactionID: text(&random),
            hasUsedIntroductoryOffer: Bool.random(using: &random), offerCodeRefName: maybe(&random, text),
            promotionalOfferID: maybe(&random, text),
            priceIncreaseConsent: maybe(&random) { PriceIncreaseConsent.allCases[Int($0.next() % 2)] }
        )
        state.renewalInfoObservedAt = maybe(&random, instant)
        state.resumesAt = maybe(&random, instant)
        return state
    }

    /// `make(&random)`'s value half the time, nil otherwise.
    public static func maybe<Value>(_ random: inout SplitMix64, _ make: (inout SplitMix64) -> Value) -> Value? {
        Bool.random(using: &random) ? make(&random) : nil
    }
}
