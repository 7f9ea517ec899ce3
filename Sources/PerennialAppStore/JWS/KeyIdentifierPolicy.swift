import SwiftASN1
import X509

/// The key-identifier checks of OpenSSL's strict mode, which Apple's reference applies: every certificate
/// below the root names its issuer's key (authority key identifier), every CA below the root identifies its
/// own key (subject key identifier), and where both are present they match.
///
/// `RFC5280Policy` does not check these. `SignedDataVerifier` applies this policy unless built with
/// `strictKeyIdentifiers: false`, which Apple's own test certificates (`testCA`, `chain-test-*`) need
/// because they carry no key identifiers. The trust anchor itself is configured, so it is not checked.
struct KeyIdentifierPolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        for index in chain.indices.dropLast() {
            let certificate = chain[index]
            let issuer = chain[index + 1]
            let authorityKey: ArraySlice<UInt8>?
            let issuerKey: ArraySlice<UInt8>?
            let ownKey: SubjectKeyIdentifier?
            do {
                authorityKey = try certificate.extensions.authorityKeyIdentifier?.keyIdentifier
                ownKey = try certificate.extensions.subjectKeyIdentifier
                issuerKey = try issuer.extensions.subjectKeyIdentifier?.keyIdentifier
            } catch {
                return .failsToMeetPolicy(reason: "KeyIdentifierPolicy: a key identifier extension is malformed")
            }
            guard let authorityKey else {
                return .failsToMeetPolicy(
                    reason: "KeyIdentifierPolicy: certificate \(index) has no authority key identifier"
                )
            }
            if index > 0, ownKey == nil {
                return .failsToMeetPolicy(
                    reason: "KeyIdentifierPolicy: CA certificate \(index) has no subject key identifier"
                )
            }
            if let issuerKey, issuerKey != authorityKey {
                return .failsToMeetPolicy(reason: "KeyIdentifierPolicy: certificate \(index) names another issuer key")
            }
        }
        return .meetsPolicy
    }
}
