import Crypto
import Foundation
import PerennialCore

/// Signs promotional offers the original way (StoreKit 1 `SKPaymentDiscount`, and StoreKit 2's
/// `Product.SubscriptionOffer.Signature`): ECDSA P-256 with SHA-256 over the offer's fields joined by
/// U+2063 INVISIBLE SEPARATOR, DER, base64.
///
/// The payload is `bundleId ⁣ keyIdentifier ⁣ productIdentifier ⁣ offerIdentifier ⁣ applicationUsername ⁣ nonce ⁣
/// timestamp`, where the application username (appAccountToken) and the nonce are lowercased (full Unicode
/// lowercasing, as Apple's reference library does) and the timestamp is decimal milliseconds. The private key
/// appears in no description or error.
public struct PromotionalOfferV1Signer: Sendable, CustomStringConvertible {
    /// The separator between payload fields: U+2063 INVISIBLE SEPARATOR (UTF-8 `e2 81 a3`).
    public static let separator = "\u{2063}"

    /// The In-App Purchase key's id.
    public let keyIdentifier: String
    /// The app's bundle id.
    public let bundleId: String

    private let privateKey: P256.Signing.PrivateKey
    private let clock: any Clock
    private let nonceSource: OfferNonce.Source

    /// Creates a signer from a `.p8` file's contents (a PKCS#8 PEM P-256 key).
    ///
    /// - Parameters:
    ///   - clock: where the timestamp comes from when none is given.
    ///   - nonce: where nonces come from when none is given; a new random UUID each time by default.
    /// - Throws: `OfferSigningError.invalidPrivateKey` when the key cannot be read.
    public init(
        keyIdentifier: String, bundleId: String, privateKeyPEM: String,
        clock: any Clock = SystemClock(), nonce: @escaping OfferNonce.Source = OfferNonce.random
    ) throws(OfferSigningError) {
        self.keyIdentifier = keyIdentifier
        self.bundleId = bundleId
        self.privateKey = try OfferSigningKey.load(pem: privateKeyPEM, keyIdentifier: keyIdentifier)
        self.clock = clock
        self.nonceSource = nonce
    }

    /// Signs an offer for a customer.
    ///
    /// - Parameters:
    ///   - applicationUsername: the appAccountToken / applicationUsername the purchase will carry; empty for none.
    ///   - nonce: the one-time UUID to sign; a new one from the nonce source when nil.
    ///   - timestamp: milliseconds since 1970; the clock's now when nil.
    public func sign(
        productIdentifier: String, offerIdentifier: String, applicationUsername: String = "",
        nonce: UUID? = nil, timestamp: Int64? = nil
    ) throws(OfferSigningError) -> PromotionalOfferSignature {
        let nonceText = OfferNonce.text(nonce ?? nonceSource())
        let timestamp = timestamp ?? clock.now().milliseconds
        let data = payload(
            productIdentifier: productIdentifier, offerIdentifier: offerIdentifier,
            applicationUsername: applicationUsername, nonceText: nonceText, timestamp: timestamp
        )
        let signature: P256.Signing.ECDSASignature
        do {
            signature = try privateKey.signature(for: data)
        } catch {
            throw .signingFailed(keyIdentifier: keyIdentifier)
        }
        return PromotionalOfferSignature(
            keyIdentifier: keyIdentifier, nonce: nonceText, timestamp: timestamp,
            signature: signature.derRepresentation.base64EncodedString()
        )
    }

    /// The exact bytes that are signed (UTF-8).
    public func payload(
        productIdentifier: String, offerIdentifier: String, applicationUsername: String, nonce: UUID, timestamp: Int64
    ) -> Data {
        payload(
            productIdentifier: productIdentifier, offerIdentifier: offerIdentifier,
            applicationUsername: applicationUsername, nonceText: OfferNonce.text(nonce), timestamp: timestamp
        )
    }

    private func payload(
        productIdentifier: String, offerIdentifier: String, applicationUsername: String, nonceText: String,
        timestamp: Int64
    ) -> Data {
        let fields = [
            bundleId, keyIdentifier, productIdentifier, offerIdentifier, applicationUsername.lowercased(), nonceText,
            String(timestamp),
        ]
        return Data(fields.joined(separator: Self.separator).utf8)
    }

    public var description: String {
        "PromotionalOfferV1Signer(keyIdentifier: \(keyIdentifier), bundleId: \(bundleId), key: <redacted>)"
    }
}
