/// Why an app receipt was not accepted: a stable, machine-readable code (`receipt_malformed`, …), compared by
/// value. New codes may be added; treat an unknown one as "invalid".
public struct ReceiptVerificationCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code as written in logs and JSON, in snake case.
    public let rawValue: String

    /// Creates a code from its text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Not base64, not a PKCS#7 SignedData container, or a payload that is not a SET of receipt attributes.
    public static let receiptMalformed = Self(rawValue: "receipt_malformed")
    /// The container carries no signer or no certificates (an unsigned receipt).
    public static let signatureMissing = Self(rawValue: "signature_missing")
    /// The signature, or the message digest in the signed attributes, does not match the content.
    public static let signatureInvalid = Self(rawValue: "signature_invalid")
    /// The signer used a digest or signature algorithm that is not supported (supported: RSA PKCS#1 v1.5 and
    /// ECDSA, with SHA-1, SHA-256, SHA-384 or SHA-512).
    public static let unsupportedAlgorithm = Self(rawValue: "unsupported_algorithm")
    /// The signer certificate does not chain to a trusted root, or a chain to the Apple Root CA lacks Apple's
    /// receipt-signing marker extensions.
    public static let untrustedCertificate = Self(rawValue: "untrusted_certificate")
    /// A certificate of the signer's chain was not valid (expired, or not yet valid) at the receipt's
    /// creation date.
    public static let certificateExpired = Self(rawValue: "certificate_expired")
    /// The receipt type is `Xcode` and the caller did not allow Xcode receipts.
    public static let xcodeNotAllowed = Self(rawValue: "xcode_not_allowed")
    /// A trusted root given by the caller is not a DER certificate.
    public static let trustedRootInvalid = Self(rawValue: "trusted_root_invalid")

    /// The raw value.
    public var description: String { rawValue }
}
