/// Why signed App Store data was rejected. Compared by code: the message is for people and may change.
///
/// Messages name the check that failed; they never carry the JWS, its payload or a certificate's bytes.
public struct VerificationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of rejection. Extensible: new codes may be added, so switch with a default.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The stable name, as printed by `perennial jws verify` (`{"error": "<code>"}`).
        public var rawValue: String

        /// Wraps a code name.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Not a well-formed, correctly signed JWS from the trusted chain: bad format, algorithm, signature,
        /// chain, marker OID or validity date.
        public static let verificationFailure = Code(rawValue: "verification_failure")
        /// The payload is for another app: bundle id, or app Apple id in Production.
        public static let invalidAppIdentifier = Code(rawValue: "invalid_app_identifier")
        /// The payload is from another environment than the verifier's.
        public static let invalidEnvironment = Code(rawValue: "invalid_environment")
        /// The `x5c` header does not hold exactly three certificates.
        public static let invalidChainLength = Code(rawValue: "invalid_chain_length")
        /// A certificate of the `x5c` header cannot be read (not base64, not DER), or no root is configured.
        public static let invalidCertificate = Code(rawValue: "invalid_certificate")
        /// The data could not be checked now (the revocation status is unknown): try again later.
        public static let retryableVerificationFailure = Code(rawValue: "retryable_verification_failure")
        /// The verifier's own settings are unusable (a root that is not DER, Production without an app
        /// Apple id).
        public static let invalidConfiguration = Code(rawValue: "invalid_configuration")

        public var description: String { rawValue }
    }

    /// The kind of rejection; compare errors by it.
    public var code: Code
    /// What failed, for logs.
    public var message: String

    /// Creates an error of a kind, with a message for logs (never the JWS itself).
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// Whether trying again later may succeed.
    public var isRetryable: Bool { code == .retryableVerificationFailure }

    /// The same error with its message prefixed by where it happened (`signedTransactionInfo: …`).
    func within(_ context: String) -> VerificationError {
        VerificationError(code, "\(context): \(message)")
    }

    public static func == (lhs: VerificationError, rhs: VerificationError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
    public var description: String { "VerificationError(\(code)): \(message)" }
}
