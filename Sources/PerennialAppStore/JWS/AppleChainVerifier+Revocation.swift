import Foundation
@_spi(FixedExpiryValidationTime) import X509

extension AppleChainVerifier {
    /// Checks, once the chain verified without it, that no certificate of the chain is revoked: the chain is
    /// validated again at `validationTime` (now) with `OCSPVerifierPolicy` in hard-failure mode added to the
    /// chain policies, querying the OCSP responders named by the leaf's and the intermediate's Authority
    /// Information Access (a certificate without one is not checked).
    ///
    /// Because the chain already verified without OCSP, a failure here is the revocation check's: a
    /// certificate reported revoked throws `.verificationFailure` (the data is not acceptable, retrying will
    /// not help); anything else — the responder unreachable, an error status, a response that does not
    /// parse, is not signed by the issuer, is stale or says "unknown" — leaves the status unknown and throws
    /// `.retryableVerificationFailure`.
    func checkRevocation(
        leaf: Certificate, intermediate: Certificate, at validationTime: Date, requester: HTTPOCSPRequester
    ) async throws(VerificationError) {
        var verifier = Verifier(rootCertificates: CertificateStore(roots)) {
            chainPolicies(at: validationTime)
            OCSPVerifierPolicy(failureMode: .hard, requester: requester, fixedExpiryValidationTime: validationTime)
        }
        switch await verifier.validate(leaf: leaf, intermediates: CertificateStore([intermediate])) {
        case .validCertificate:
            return
        case .couldNotValidate(let failures):
            let reasons = failures.map { String(describing: $0.policyFailureReason) }
            if reasons.contains(where: Self.isRevocation) {
                throw VerificationError(.verificationFailure, "a certificate of the x5c chain is revoked (OCSP)")
            }
            let reason = reasons.first ?? "no path from the leaf through the intermediate to a trusted root"
            throw VerificationError(
                .retryableVerificationFailure, "the revocation status of the x5c chain is unknown: \(reason)"
            )
        }
    }

    /// Whether a policy failure is `OCSPVerifierPolicy` reporting a revoked certificate. swift-certificates
    /// says so only in words; if they change, a revocation reads as "unknown" — still rejected, as retryable.
    static func isRevocation(_ reason: String) -> Bool {
        reason.hasPrefix("revoked through OCSP")
    }
}
