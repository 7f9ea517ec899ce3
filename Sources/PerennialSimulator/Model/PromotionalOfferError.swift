/// Why the simulated App Store refused a promotional offer, with StoreKit's error names as `code`
/// (`SKError.Code`): the control API answers `{"error": {"code", "message"}}` with `httpStatus`.
public enum PromotionalOfferError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A version 1 field is absent or empty (`missingOfferParams`).
    case missingOfferParams(String)
    /// The key is unknown, the signature does not match the payload, the timestamp is more than 24 hours
    /// away from now, or the nonce was used before (`invalidSignature`).
    case invalidSignature(String)
    /// The product has no offer with that identifier (`invalidOfferIdentifier`).
    case invalidOfferIdentifier(String)
    /// A pay-as-you-go offer is not cheaper than the product (`invalidOfferPrice`).
    case invalidOfferPrice(String)
    /// The account never subscribed to an auto-renewable subscription of the app (`ineligibleForOffer`).
    case ineligibleForOffer(String)

    /// StoreKit's name for the error.
    public var code: String {
        switch self {
        case .missingOfferParams: "missingOfferParams"
        case .invalidSignature: "invalidSignature"
        case .invalidOfferIdentifier: "invalidOfferIdentifier"
        case .invalidOfferPrice: "invalidOfferPrice"
        case .ineligibleForOffer: "ineligibleForOffer"
        }
    }

    public var message: String {
        switch self {
        case .missingOfferParams(let text), .invalidSignature(let text), .invalidOfferIdentifier(let text),
            .invalidOfferPrice(let text), .ineligibleForOffer(let text):
            text
        }
    }

    /// 403 for an ineligible account, 400 otherwise.
    public var httpStatus: Int { if case .ineligibleForOffer = self { 403 } else { 400 } }

    public var description: String { "\(code): \(message)" }

    /// The error as the control API reports it.
    var simulatorError: SimulatorError { SimulatorError(code: code, message: message, httpStatus: httpStatus) }
}
