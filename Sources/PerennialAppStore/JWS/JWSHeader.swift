/// The JOSE header fields the verifier reads. Others (`typ`, `kid` …) are ignored.
struct JWSHeader: Decodable, Sendable {
    /// The signature algorithm; only `ES256` is accepted.
    var alg: String?
    /// The certificate chain, leaf first, each standard base64 of DER.
    var x5c: [String]?
    /// Extensions the signer requires the verifier to understand; none is supported.
    var crit: [String]?
}
