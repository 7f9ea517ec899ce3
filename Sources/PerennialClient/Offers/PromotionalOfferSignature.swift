import Foundation

/// A promotional offer signed by the server with the app's offer key (which never leaves the server), for
/// StoreKit's `promotionalOffer(offerID:keyID:nonce:signature:timestamp:)`.
public struct PromotionalOfferSignature: Sendable, Hashable, Decodable {
    /// The offer's id in App Store Connect.
    public var offerID: String
    /// The id of the In-App Purchase key that signed.
    public var keyID: String
    /// The one-time value signed.
    public var nonce: UUID
    /// When it was signed, in milliseconds since 1970.
    public var timestamp: Int
    /// The ECDSA signature, base64 as the server sent it.
    public var signature: String

    enum CodingKeys: String, CodingKey {
        case keyID = "keyIdentifier"
        case nonce, timestamp, signature
    }

    /// A signature for `offerID` (tests and custom stores build them).
    public init(offerID: String, keyID: String, nonce: UUID, timestamp: Int, signature: String) {
        self.offerID = offerID
        self.keyID = keyID
        self.nonce = nonce
        self.timestamp = timestamp
        self.signature = signature
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        offerID = ""
        keyID = try container.decode(String.self, forKey: .keyID)
        nonce = try container.decode(UUID.self, forKey: .nonce)
        timestamp = try container.decode(Int.self, forKey: .timestamp)
        signature = try container.decode(String.self, forKey: .signature)
    }

    /// The signature's bytes, as StoreKit takes them.
    public var signatureData: Data? { Data(base64Encoded: signature) }
}
