import Foundation
import PerennialCore

/// Signs what a store's purchase flow needs from the server to present an offer: the App Store's promotional
/// offer signatures and introductory-offer eligibility statements. A store's module brings it; a server
/// without one answers `offer_key_not_configured`.
public protocol OfferSigner: Sendable {
    /// The store whose transactions the signatures are made against.
    var store: Store { get }

    /// The id of the key that signs the app's offers, recorded with each signature; throws
    /// `offer_key_not_configured` when the app has none.
    func signingKeyID(app: AppSettings) throws -> String

    /// A nonce as the store signs and records it.
    func text(ofNonce nonce: UUID) -> String

    /// Signs `offer` in `format` (`v1` or `v2`) for the customer; `transactionID` is one of the customer's
    /// transactions of the store, when it has one.
    func sign(
        _ offer: SubscriptionOffer, format: String, app: AppSettings, applicationUsername: String, nonce: UUID, transactionID: String?
    ) throws -> SignedOffer

    /// A signed statement that the customer may (`allowed`), or may not, get `productID`'s introductory
    /// offer, made against one of the customer's transactions of the store.
    func introductoryEligibility(app: AppSettings, productID: String, allowed: Bool, transactionID: String) throws -> String
}
