import Crypto
import Foundation
import PerennialCore

/// Signs the compact JWS StoreKit takes for offers, with an In-App Purchase key: ES256 with header `alg`, `kid`,
/// `typ: JWT` and claims `iss`, `iat` (seconds), `aud`, `bid`, `nonce`, then
/// - a promotional offer (`promotionalOffer(_:compactJWS:)`): `aud: promotional-offer`, `productId`,
///   `offerIdentifier` and, when given, `transactionId`;
/// - the introductory offer eligibility a server decides (`introductoryOfferEligibility(compactJWS:)`):
///   `aud: introductory-offer-eligibility`, `productId`, `allowIntroductoryOffer`, `transactionId`.
public struct PromotionalOfferV2Signer: Sendable, CustomStringConvertible {
    /// The `aud` claim of a promotional offer JWS.
    public static let audience = "promotional-offer"
    /// The `aud` claim of an introductory offer eligibility JWS.
    public static let introductoryOfferEligibilityAudience = "introductory-offer-eligibility"

    /// The In-App Purchase key's id (`kid`).
    public let keyIdentifier: String
    /// The issuer id from the Keys page in App Store Connect (`iss`).
    public let issuerId: String
    /// The app's bundle id (`bid`).
    public let bundleId: String

    private let privateKey: P256.Signing.PrivateKey
    private let clock: any Clock
    private let nonceSource: OfferNonce.Source

    /// Creates a signer from a `.p8` file's contents (a PKCS#8 PEM P-256 key).
    ///
    /// - Throws: `OfferSigningError.invalidPrivateKey` when the key cannot be read.
    public init(
        keyIdentifier: String, issuerId: String, bundleId: String, privateKeyPEM: String,
        clock: any Clock = SystemClock(), nonce: @escaping OfferNonce.Source = OfferNonce.random
    ) throws(OfferSigningError) {
        self.keyIdentifier = keyIdentifier
        self.issuerId = issuerId
        self.bundleId = bundleId
        self.privateKey = try OfferSigningKey.load(pem: privateKeyPEM, keyIdentifier: keyIdentifier)
        self.clock = clock
        self.nonceSource = nonce
    }

    /// A compact JWS for one promotional offer.
    ///
    /// - Parameters:
    ///   - transactionId: any transaction id of the customer's (their appTransactionId works); optional but
    ///     recommended by Apple.
    ///   - nonce: the one-time UUID to sign; a new one from the nonce source when nil.
    public func signature(
        productId: String, offerIdentifier: String, transactionId: String? = nil, nonce: UUID? = nil
    ) throws(OfferSigningError) -> String {
        var claims = commonClaims(audience: Self.audience, nonce: nonce) + [
            ("productId", .string(productId)),
            ("offerIdentifier", .string(offerIdentifier)),
        ]
        if let transactionId { claims.append(("transactionId", .string(transactionId))) }
        return try OfferJWS.sign(claims: claims, keyIdentifier: keyIdentifier, privateKey: privateKey)
    }

    /// A compact JWS saying whether the customer may have the product's introductory offer.
    ///
    /// - Parameters:
    ///   - transactionId: any transaction id of the customer's (their appTransactionId works).
    ///   - nonce: the one-time UUID to sign; a new one from the nonce source when nil.
    public func introductoryOfferEligibility(
        productId: String, allowIntroductoryOffer: Bool, transactionId: String, nonce: UUID? = nil
    ) throws(OfferSigningError) -> String {
        let claims = commonClaims(audience: Self.introductoryOfferEligibilityAudience, nonce: nonce) + [
            ("productId", .string(productId)),
            ("allowIntroductoryOffer", .bool(allowIntroductoryOffer)),
            ("transactionId", .string(transactionId)),
        ]
        return try OfferJWS.sign(claims: claims, keyIdentifier: keyIdentifier, privateKey: privateKey)
    }

    private func commonClaims(audience: String, nonce: UUID?) -> [(name: String, value: OfferJWS.Value)] {
        [
            ("iss", .string(issuerId)),
            ("iat", .integer(clock.now().milliseconds / 1000)),
            ("aud", .string(audience)),
            ("bid", .string(bundleId)),
            ("nonce", .string(OfferNonce.text(nonce ?? nonceSource()))),
        ]
    }

    public var description: String {
        "PromotionalOfferV2Signer(keyIdentifier: \(keyIdentifier), issuerId: \(issuerId), bundleId: \(bundleId), key: <redacted>)"
    }
}
