import Crypto
import Foundation
import PerennialCore
import SwiftASN1
@_spi(FixedExpiryValidationTime) import X509

/// Verifies the `x5c` chain of a JWS against the trusted roots and yields the leaf's signing key.
///
/// Apple's rules: exactly three certificates; the leaf must chain through `x5c[1]` to a configured root (the
/// root slot `x5c[2]` is never read: the configured roots anchor the chain, so a forged root there changes
/// nothing); RFC 5280 validity at the validation time; Apple's marker OIDs; and, when strict, OpenSSL's
/// key-identifier checks. With an OCSP requester (online checks), the chain is then checked again with
/// `OCSPVerifierPolicy` in hard-failure mode (see `AppleChainVerifier+Revocation.swift`). Verified chains are
/// cached (see `VerifiedChainCache`), in online mode only once their revocation check passed.
struct AppleChainVerifier: Sendable {
    /// The trust anchors.
    let roots: [Certificate]
    /// Whether `KeyIdentifierPolicy` applies.
    let strictKeyIdentifiers: Bool
    /// Chains verified before.
    let cache: VerifiedChainCache
    /// Queries OCSP responders; nil checks no revocation.
    var ocspRequester: HTTPOCSPRequester? = nil

    /// The leaf's P-256 key, once the chain verifies at `validationTime`; `now` dates cache entries.
    func signingKey(x5c: [String], at validationTime: Date, now: Instant) async throws(VerificationError)
        -> P256.Signing.PublicKey
    {
        guard !roots.isEmpty else {
            throw VerificationError(.invalidCertificate, "no trusted root certificate is configured")
        }
        guard x5c.count == 3 else {
            throw VerificationError(.invalidChainLength, "x5c holds \(x5c.count) certificates, not 3")
        }
        let key = VerifiedChainCache.Key(leaf: x5c[0], intermediate: x5c[1])
        if let cached = cache.chain(for: key, now: now), cached.isValid(at: validationTime) {
            return cached.signingKey
        }
        let leaf = try Self.certificate(x5c[0], role: "leaf")
        let intermediate = try Self.certificate(x5c[1], role: "intermediate")
        let chain = try await validate(leaf: leaf, intermediate: intermediate, at: validationTime)
        if let ocspRequester {
            try await checkRevocation(
                leaf: leaf, intermediate: intermediate, at: validationTime, requester: ocspRequester
            )
        }
        guard let signingKey = P256.Signing.PublicKey(leaf.publicKey) else {
            throw VerificationError(.verificationFailure, "the leaf certificate's key is not a P-256 key (ES256)")
        }
        let verified = VerifiedChain(
            signingKey: signingKey,
            validFrom: chain.map(\.notValidBefore).max() ?? validationTime,
            validUntil: chain.map(\.notValidAfter).min() ?? validationTime,
            cachedUntil: now
        )
        cache.store(verified, for: key, now: now)
        return signingKey
    }

    private func validate(leaf: Certificate, intermediate: Certificate, at validationTime: Date)
        async throws(VerificationError) -> [Certificate]
    {
        var verifier = Verifier(rootCertificates: CertificateStore(roots)) {
            chainPolicies(at: validationTime)
        }
        switch await verifier.validate(leaf: leaf, intermediates: CertificateStore([intermediate])) {
        case .validCertificate(let chain):
            return Array(chain)
        case .couldNotValidate(let failures):
            let reason = failures.first.map { String(describing: $0.policyFailureReason) }
                ?? "no path from the leaf through the intermediate to a trusted root"
            throw VerificationError(.verificationFailure, "the x5c chain does not verify: \(reason)")
        }
    }

    /// RFC 5280 validity at `validationTime`, Apple's marker OIDs and, when strict, the key identifiers.
    @PolicyBuilder
    func chainPolicies(at validationTime: Date) -> some VerifierPolicy {
        RFC5280Policy(fixedExpiryValidationTime: validationTime)
        AppleSigningChainPolicy()
        if strictKeyIdentifiers {
            KeyIdentifierPolicy()
        }
    }

    /// Reads one `x5c` entry: strict standard base64 of a DER certificate.
    private static func certificate(_ text: String, role: String) throws(VerificationError) -> Certificate {
        guard let der = JWSBase64.decodeStandard(text) else {
            throw VerificationError(.invalidCertificate, "the \(role) certificate is not standard base64")
        }
        do {
            return try Certificate(derEncoded: der)
        } catch {
            throw VerificationError(.invalidCertificate, "the \(role) certificate is not a DER X.509 certificate")
        }
    }
}
