import Foundation

/// What goes with a purchase to the store (StoreKit 2's `Product.PurchaseOption`s).
public struct StorePurchaseOptions: Sendable, Hashable {
    /// Names the customer on the transaction (`appAccountToken`): the server links notifications about a
    /// subscription nobody has claimed yet to the customer who bought with it.
    public var appAccountToken: UUID?
    /// A promotional offer signed by the server.
    public var promotionalOffer: PromotionalOfferSignature?
    /// A promotional offer signed as a compact JWS (StoreKit's `promotionalOffer(_:compactJWS:)`, in the
    /// SDKs of Xcode 26 and later; a store built with an older SDK uses `promotionalOffer` instead).
    public var signedPromotionalOffer: SignedPromotionalOffer?
    /// A win-back offer's id (StoreKit's `winBackOffer(_:)`, iOS 18 and later).
    public var winBackOfferID: String?
    /// The server's signed statement on introductory-offer eligibility (`introductoryOfferEligibility(compactJWS:)`).
    public var introductoryOfferEligibility: String?

    /// A promotional offer's id and the server's compact JWS for it.
    public struct SignedPromotionalOffer: Sendable, Hashable {
        /// The offer's id.
        public var offerID: String
        /// The server's signature.
        public var compactJWS: String

        /// The offer `offerID` signed as `compactJWS`.
        public init(offerID: String, compactJWS: String) {
            self.offerID = offerID
            self.compactJWS = compactJWS
        }
    }

    /// Options; none by default.
    public init(
        appAccountToken: UUID? = nil, promotionalOffer: PromotionalOfferSignature? = nil,
        signedPromotionalOffer: SignedPromotionalOffer? = nil, winBackOfferID: String? = nil, introductoryOfferEligibility: String? = nil
    ) {
        self.appAccountToken = appAccountToken
        self.promotionalOffer = promotionalOffer
        self.signedPromotionalOffer = signedPromotionalOffer
        self.winBackOfferID = winBackOfferID
        self.introductoryOfferEligibility = introductoryOfferEligibility
    }
}
