import SwiftASN1
import X509

/// The chain rules for receipt signers, on top of RFC 5280.
///
/// - A chain that ends at the Apple Root CA must be Apple's receipt-signing chain: the leaf carries the
///   receipt-signing marker (1.2.840.113635.100.6.11.1) and the intermediate below the root the WWDR marker
///   (1.2.840.113635.100.6.2.1). Without this, any certificate Apple issued under that root (a developer's
///   code-signing certificate) could sign a receipt. Apple's receipt validation guide makes the check
///   mandatory.
/// - Chains to other roots (Xcode's StoreKit test certificate, a test CA) are judged by RFC 5280 alone.
/// - Extended key usage is accepted whatever it says: CMS signing has no standard purpose, and Xcode's
///   StoreKit certificate marks its code-signing usage critical. The markers above bind Apple chains instead.
struct AppleReceiptChainPolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [.X509ExtensionID.extendedKeyUsage]

    /// The Apple Root CA, when it is one of the trusted roots.
    var appleRoot: Certificate?

    mutating func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
        guard let appleRoot, let root = chain.last, root == appleRoot else { return .meetsPolicy }
        guard chain.count >= 3 else {
            return .failsToMeetPolicy(reason: "an Apple receipt chain has a leaf, an intermediate and the root")
        }
        guard chain[0].extensions[oid: ReceiptOID.appleReceiptSigningMarker] != nil else {
            return .failsToMeetPolicy(reason: "the signer lacks Apple's receipt-signing marker")
        }
        guard chain[chain.count - 2].extensions[oid: ReceiptOID.appleWWDRIntermediateMarker] != nil else {
            return .failsToMeetPolicy(reason: "the intermediate lacks Apple's WWDR marker")
        }
        return .meetsPolicy
    }
}
