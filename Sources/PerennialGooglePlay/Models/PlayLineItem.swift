/// One item of a subscription purchase (`SubscriptionPurchaseLineItem`): a product and its current period.
/// A purchase with add-ons has several.
public struct PlayLineItem: Sendable, Hashable, Codable {
    public var productId: String
    /// RFC 3339; the end of the current period (during a grace period, the end of the grace period).
    public var expiryTime: String?
    public var autoRenewingPlan: AutoRenewingPlan?
    /// Present for a prepaid plan (no renewal; the customer tops up).
    public var prepaidPlan: PrepaidPlan?
    public var offerDetails: OfferDetails?
    public var offerPhase: OfferPhase?
    /// The order that paid for the current period: `GPA.…` for the first, `GPA.…..0`, `..1` for renewals.
    public var latestSuccessfulOrderId: String?
    public var itemReplacement: ItemReplacement?
    /// The product the item changes to at the next renewal (a deferred downgrade or crossgrade).
    public var deferredItemReplacement: DeferredItemReplacement?
    public var signupPromotion: SignupPromotion?

    public init(productId: String, expiryTime: String? = nil) {
        self.productId = productId
        self.expiryTime = expiryTime
    }

    public struct AutoRenewingPlan: Sendable, Hashable, Codable {
        /// Absent means false (Google omits false booleans).
        public var autoRenewEnabled: Bool?
        public var recurringPrice: PlayMoney?
        public var priceChangeDetails: PriceChangeDetails?
        public var priceStepUpConsentDetails: PriceStepUpConsentDetails?
        public var installmentDetails: InstallmentPlan?
    }

    public struct PrepaidPlan: Sendable, Hashable, Codable {
        public var allowExtendAfterTime: String?
    }

    public struct OfferDetails: Sendable, Hashable, Codable {
        public var basePlanId: String?
        public var offerId: String?
        public var offerTags: [String]?
    }

    /// Which phase of the offer the current period is in; each is an object, present or not.
    public struct OfferPhase: Sendable, Hashable, Codable {
        public var basePrice: Empty?
        public var freeTrial: Empty?
        public var introductoryPrice: Empty?
        public var prorationPeriod: ProrationPeriod?

        public struct ProrationPeriod: Sendable, Hashable, Codable {
            /// `BASE`, `INTRODUCTORY`, `FREE_TRIAL`, or a value added later.
            public var originalOfferPhaseType: String?
        }
    }

    public struct ItemReplacement: Sendable, Hashable, Codable {
        public var productId: String?
        public var basePlanId: String?
        public var offerId: String?
        public var replacementMode: String?
    }

    public struct DeferredItemReplacement: Sendable, Hashable, Codable {
        public var productId: String?
    }

    public struct SignupPromotion: Sendable, Hashable, Codable {
        public var oneTimeCode: Empty?
        public var vanityCode: VanityCode?

        public struct VanityCode: Sendable, Hashable, Codable {
            public var promotionCode: String?
        }
    }

    public struct PriceChangeDetails: Sendable, Hashable, Codable {
        public var newPrice: PlayMoney?
        /// `PRICE_DECREASE`, `PRICE_INCREASE` (the customer must agree), `OPT_OUT_PRICE_INCREASE`.
        public var priceChangeMode: String?
        /// `OUTSTANDING`, `CONFIRMED`, `APPLIED`, `CANCELED`.
        public var priceChangeState: String?
        public var expectedNewPriceChargeTime: String?
    }

    public struct PriceStepUpConsentDetails: Sendable, Hashable, Codable {
        /// `PENDING`, `CONFIRMED`, `COMPLETED`.
        public var state: String?
        public var consentDeadlineTime: String?
        public var newPrice: PlayMoney?
    }

    public struct InstallmentPlan: Sendable, Hashable, Codable {
        public var initialCommittedPaymentsCount: Int?
        public var subsequentCommittedPaymentsCount: Int?
        public var remainingCommittedPaymentsCount: Int?
        public var pendingCancellation: Empty?
    }

    /// An object whose presence is the information (`{}`, or fields this version does not read).
    public struct Empty: Sendable, Hashable, Codable {}
}
