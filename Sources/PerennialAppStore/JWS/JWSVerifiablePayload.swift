import PerennialCore

/// A payload type the verifier decodes, with the instant at which its chain is judged when online checks
/// are off.
protocol JWSVerifiablePayload: Decodable, Sendable {
    /// `signedDate`, or `receiptCreationDate` for an app transaction; nil means "now".
    var validationInstant: Instant? { get }
}

extension JWSTransactionDecodedPayload: JWSVerifiablePayload {
    var validationInstant: Instant? { signedDate }
}

extension JWSRenewalInfoDecodedPayload: JWSVerifiablePayload {
    var validationInstant: Instant? { signedDate }
}

extension ResponseBodyV2DecodedPayload: JWSVerifiablePayload {
    var validationInstant: Instant? { signedDate }
}

extension AppTransaction: JWSVerifiablePayload {
    var validationInstant: Instant? { receiptCreationDate }
}
