import Foundation
import PerennialAppStore
import PerennialCore

/// Signs one offer with an app's offer key, in either of Apple's formats.
struct OfferSigning {
    let key: OfferKeySettings
    let app: AppSettings
    let clock: any Clock

    func sign(
        _ offer: SubscriptionOffer, format: String, applicationUsername: String, nonce: UUID, transactionID: String?
    ) throws -> SignedOffer {
        do {
            if format == "v2" {
                guard let issuer = app.apple?.offerIssuerID ?? app.apple?.serverAPI?.issuerID else {
                    throw PerennialError(.offerIssuerNotConfigured, "version 2 offer signatures need offer_issuer_id (or server_api)")
                }
                let signer = try PromotionalOfferV2Signer(
                    keyIdentifier: key.id, issuerId: issuer, bundleId: app.bundleID, privateKeyPEM: key.privateKeyPEM, clock: clock
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
}
