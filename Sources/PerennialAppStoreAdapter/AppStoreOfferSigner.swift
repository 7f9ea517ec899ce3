import Foundation
import PerennialAppStore
import PerennialCore
import PerennialServices

/// Signs the App Store's promotional offers (in either of Apple's formats) and introductory-offer
/// eligibility statements with the app's active offer key (`apple.offer_keys`, `offer_signing_key`), which
/// never leaves the server.
public struct AppStoreOfferSigner: OfferSigner {
    public let store = Store.appStore
    let clock: any Clock

    public init(clock: any Clock) {
        self.clock = clock
    }

    public func signingKeyID(app: AppSettings) throws -> String {
        try key(app: app).id
    }

    /// Lowercase, as the App Store requires.
    public func text(ofNonce nonce: UUID) -> String {
        OfferNonce.text(nonce)
    }

    public func sign(
        _ offer: SubscriptionOffer, format: String, app: AppSettings, applicationUsername: String, nonce: UUID, transactionID: String?
    ) throws -> SignedOffer {
        let key = try key(app: app)
        do {
            if format == "v2" {
                let signer = try PromotionalOfferV2Signer(
                    keyIdentifier: key.id, issuerId: try issuer(app: app, needing: "version 2 offer signatures"), bundleId: app.bundleID,
                    privateKeyPEM: key.privateKeyPEM, clock: clock
                )
                return .v2(signature: try signer.signature(
                    productId: offer.productID, offerIdentifier: offer.id, transactionId: transactionID, nonce: nonce
                ))
            }
            let signer = try PromotionalOfferV1Signer(
                keyIdentifier: key.id, bundleId: app.bundleID, privateKeyPEM: key.privateKeyPEM, clock: clock
            )
            let signature = try signer.sign(
                productIdentifier: offer.productID, offerIdentifier: offer.id, applicationUsername: applicationUsername, nonce: nonce
            )
            return .v1(keyIdentifier: signature.keyIdentifier, nonce: signature.nonce, timestamp: signature.timestamp, signature: signature.signature)
        } catch let error as OfferSigningError {
            throw PerennialError(.offerSigningFailed, "the offer could not be signed (\(error))")
        }
    }

    public func introductoryEligibility(app: AppSettings, productID: String, allowed: Bool, transactionID: String) throws -> String {
        let key = try key(app: app)
        let issuer = try issuer(app: app, needing: "introductory-offer eligibility statements")
        do {
            let signer = try PromotionalOfferV2Signer(
                keyIdentifier: key.id, issuerId: issuer, bundleId: app.bundleID, privateKeyPEM: key.privateKeyPEM, clock: clock
            )
            return try signer.introductoryOfferEligibility(productId: productID, allowIntroductoryOffer: allowed, transactionId: transactionID)
        } catch {
            throw PerennialError(.offerSigningFailed, "the statement could not be signed (\(error))")
        }
    }

    /// The app's active signing key.
    private func key(app: AppSettings) throws -> OfferKeySettings {
        guard let apple = app.apple, let keyID = apple.offerSigningKeyID,
              let key = apple.offerKeys.first(where: { $0.id == keyID && $0.isActive }) else {
            throw PerennialError(.offerKeyNotConfigured, "configure offer_keys and offer_signing_key for the app")
        }
        return key
    }

    /// The issuer of version 2 signatures: `offer_issuer_id`, or the Server API's.
    private func issuer(app: AppSettings, needing purpose: String) throws -> String {
        guard let issuer = app.apple?.offerIssuerID ?? app.apple?.serverAPI?.issuerID else {
            throw PerennialError(.offerIssuerNotConfigured, "\(purpose) need offer_issuer_id (or server_api)")
        }
        return issuer
    }
}
