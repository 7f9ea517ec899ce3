/// Why a Pub/Sub push was refused: its bearer token is not an OIDC token Google signed for this endpoint.
/// The code is stable; the message never repeats the token.
public struct PlayPushRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: String, Sendable, Hashable {
        case missingToken = "missing_token"
        case malformedToken = "malformed_token"
        /// `alg` is not RS256 (`none`, `HS256` and the rest are refused).
        case unsupportedAlgorithm = "unsupported_algorithm"
        /// No published Google key has the token's `kid`.
        case unknownKey = "unknown_key"
        case badSignature = "bad_signature"
        case wrongIssuer = "wrong_issuer"
        case wrongAudience = "wrong_audience"
        case wrongEmail = "wrong_email"
        case emailNotVerified = "email_not_verified"
        case expired
        case notYetValid = "not_yet_valid"
    }

    public let reason: Reason

    public init(_ reason: Reason) { self.reason = reason }

    public var description: String { "push refused: \(reason.rawValue)" }
}
