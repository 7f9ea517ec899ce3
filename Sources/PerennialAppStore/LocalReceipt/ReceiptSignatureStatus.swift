/// The outcome of checking an app receipt's signature and certificate chain.
public enum ReceiptSignatureStatus: Hashable, Sendable, CustomStringConvertible {
    /// The signature is valid and the signer chains to a trusted root at the receipt's creation date.
    case valid
    /// The receipt is not to be trusted, for the given reason.
    case invalid(ReceiptVerificationCode)

    /// Whether the status is `valid`.
    public var isValid: Bool { self == .valid }

    /// `valid`, or the failure code.
    public var description: String {
        switch self {
        case .valid: return "valid"
        case .invalid(let code): return code.rawValue
        }
    }
}
