import Crypto
import Foundation
import PerennialAppStore
import PerennialCore

/// Checks promotional offer signatures as the App Store does: the key must be one of the app's offer keys, the
/// signature must cover exactly what was sent, and the timestamp must lie within 24 hours of now. Returns what
/// the signature vouches for; the nonce comes back lowercased.
enum PromotionalOfferVerifier {
    /// How far the signature's timestamp may lie from now: 24 hours (real, not scaled).
    static let windowMilliseconds: Int64 = 86_400_000

    typealias Signed = (offerID: String, nonce: String, timestamp: Int64)

    /// A version 1 signature over `bundleId⁣keyId⁣productId⁣offerId⁣applicationUsername⁣nonce⁣timestamp`.
    static func verifyV1(
        _ request: PromotionalOfferRequest, app: SimulatorApp, productID: String, applicationUsername: String
    ) throws(PromotionalOfferError) -> Signed {
        guard let offerID = request.offerID, !offerID.isEmpty, let keyID = request.keyID, !keyID.isEmpty,
            let nonce = request.nonce, !nonce.isEmpty, let timestamp = request.timestamp,
            let signature = request.signature, !signature.isEmpty
        else {
            throw .missingOfferParams("offer_id, key_id, nonce, timestamp and signature are all required")
        }
        let key = try publicKey(keyID, of: app)
        let fields = [
            app.bundleID, keyID, productID, offerID, applicationUsername.lowercased(), nonce.lowercased(),
            String(timestamp),
        ]
        let payload = Data(fields.joined(separator: "\u{2063}").utf8)
        guard let der = Data(base64Encoded: signature),
            let parsed = try? P256.Signing.ECDSASignature(derRepresentation: der),
            key.isValidSignature(parsed, for: payload)
        else {
            throw .invalidSignature("the signature does not match the offer's payload for key \(keyID)")
        }
        return (offerID, nonce.lowercased(), timestamp)
    }

    /// A version 2 compact JWS (ES256, `kid`, `aud` promotional-offer, `bid`, `productId`, `offerIdentifier`,
    /// `iat` in seconds, `nonce`).
    static func verifyV2(
        _ jws: String, offerID: String?, app: SimulatorApp, productID: String
    ) throws(PromotionalOfferError) -> Signed {
        let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = Base64URL.decode(parts[0]),
            let header = try? JSONDecoder().decode([String: String].self, from: headerData),
            header["alg"] == "ES256", let keyID = header["kid"], !keyID.isEmpty
        else { throw .invalidSignature("the offer is not an ES256 compact JWS with a kid") }
        let key = try publicKey(keyID, of: app)
        guard let raw = Base64URL.decode(parts[2]), let signature = try? P256.Signing.ECDSASignature(rawRepresentation: raw),
            key.isValidSignature(signature, for: Data((parts[0] + "." + parts[1]).utf8)),
            let claimsData = Base64URL.decode(parts[1]),
            let claims = try? JSONDecoder().decode(PromotionalOfferClaims.self, from: claimsData)
        else { throw .invalidSignature("the JWS signature does not verify with key \(keyID)") }
        guard claims.aud == PromotionalOfferV2Signer.audience, claims.bid == app.bundleID,
            claims.productId == productID, let signedOffer = claims.offerIdentifier, !signedOffer.isEmpty,
            offerID.map({ $0 == signedOffer }) ?? true, let iat = claims.iat, let nonce = claims.nonce, !nonce.isEmpty
        else {
            throw .invalidSignature(
                "the JWS must carry aud promotional-offer, this app's bid, this productId and offerIdentifier, iat and nonce")
        }
        return (signedOffer, nonce.lowercased(), iat * 1000)
    }

    /// Whether a signature made at `timestamp` (milliseconds) is still accepted at `now`.
    static func isFresh(_ timestamp: Int64, at now: Instant) -> Bool {
        let (distance, overflow) = now.milliseconds.subtractingReportingOverflow(timestamp)
        return !overflow && distance.magnitude <= UInt64(windowMilliseconds)
    }

    private static func publicKey(_ keyID: String, of app: SimulatorApp) throws(PromotionalOfferError)
        -> P256.Signing.PublicKey
    {
        guard let configured = app.offerKeys.first(where: { $0.keyID == keyID }),
            let key = try? P256.Signing.PublicKey(pemRepresentation: configured.publicKeyPEM)
        else { throw .invalidSignature("\(app.bundleID) has no offer key \(keyID)") }
        return key
    }
}
