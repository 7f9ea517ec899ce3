import SwiftASN1
import X509

/// The shape of an App Store signing chain: exactly leaf → intermediate → trusted root, the leaf carrying
/// Apple's receipt-signing marker (1.2.840.113635.100.6.11.1) and the intermediate Apple's intermediate
/// marker (1.2.840.113635.100.6.2.1).
///
/// The markers are checked for presence only and are deliberately not listed as understood critical
/// extensions: a certificate that marks one critical is rejected by the `Verifier`, as OpenSSL (Apple's
/// reference) rejects it.
struct AppleSigningChainPolicy: VerifierPolicy {
    /// Apple's marker for App Store receipt-signing leaf certificates.
    static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 11, 1]
    /// Apple's marker for its WWDR intermediate certificates.
    static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 2, 1]

    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        guard chain.count == 3 else {
            return .failsToMeetPolicy(
                reason: "AppleSigningChainPolicy: the chain has \(chain.count) certificates, not 3"
            )
        }
        guard chain[0].extensions[oid: Self.leafMarker] != nil else {
            return .failsToMeetPolicy(reason: "AppleSigningChainPolicy: the leaf lacks Apple's signing marker OID")
        }
        guard chain[1].extensions[oid: Self.intermediateMarker] != nil else {
            return .failsToMeetPolicy(reason: "AppleSigningChainPolicy: the intermediate lacks Apple's marker OID")
        }
        return .meetsPolicy
    }
}
