import Foundation

/// The server's word on whether the customer may still have a product group's free trial or introductory
/// price, counting every store (a trial used on the web or Android counts), signed for StoreKit's
/// `introductoryOfferEligibility(compactJWS:)`.
public struct IntroductoryOfferEligibility: Sendable, Hashable, Decodable {
    /// Whether the introductory offer may be given.
    public var isEligible: Bool
    /// The signed statement (a compact JWS) StoreKit checks.
    public var signedStatement: String

    enum CodingKeys: String, CodingKey {
        case isEligible = "allow_introductory_offer"
        case signedStatement = "signature"
    }
}
