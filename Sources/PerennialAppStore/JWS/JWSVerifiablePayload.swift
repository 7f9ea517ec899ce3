import PerennialCore

/// A payload type the verifier decodes, with the instant at which its chain is judged when online checks
/// are off.
protocol JWSVerifiablePayload: Decodable, Sendable {
    /// `signedDate`, or `receiptCreationDate` for an app transaction; nil means "now".
    var validationInstant: Instant? { get }

    /// The payload read without `JSONDecoder`, or nil to decode it with `JSONDecoder`.
    static func plainDecoded(from bytes: UnsafeRawBufferPointer) -> Self?
}

extension JWSTransactionDecodedPayload: JWSVerifiablePayload {
    var validationInstant: Instant? { signedDate }
}

extension JWSRenewalInfoDecodedPayload: JWSVerifiablePayload {
    var validationInstant: Instant? { signedDate }
}

extension ResponseBodyV2DecodedPayload: JWSVerifiablePayload {
    var validationInstant: Instant? { signedDate }
    static func plainDecoded(from bytes: UnsafeRawBufferPointer) -> Self? { nil }
}

extension AppTransaction: JWSVerifiablePayload {
    var validationInstant: Instant? { receiptCreationDate }
    static func plainDecoded(from bytes: UnsafeRawBufferPointer) -> Self? { nil }
}
