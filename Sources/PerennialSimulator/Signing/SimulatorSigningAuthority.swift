import Crypto
import Foundation
import PerennialCore
import SwiftASN1
import X509

/// The simulator's own certificate authority, shaped like the App Store's: a self-signed P-256 root, an
/// intermediate carrying Apple's WWDR marker (1.2.840.113635.100.6.2.1) and a leaf carrying Apple's
/// signing marker (1.2.840.113635.100.6.11.1), each with key identifiers, basic constraints and key usage.
///
/// The leaf signs everything the simulator vouches for: JWS transactions, renewal infos and notifications,
/// and PKCS#7 app receipts. Perennial trusts the simulator by adding `rootCertificateDER` (or
/// `rootCertificatePEM`) to an app's trusted roots, in place of Apple Root CA - G3.
///
/// Validity runs from one year before `validFrom` to twenty years after it, so any simulated instant a
/// test reaches is covered. With a seed, the three keys are derived from it: the root's key and name stay
/// the same from one start to the next (its DER differs only by the signature, which is randomized).
public final class SimulatorSigningAuthority: Sendable {
    /// The self-signed root certificate.
    public let root: Certificate
    /// The intermediate, issued by the root.
    public let intermediate: Certificate
    /// The signing leaf, issued by the intermediate.
    public let leaf: Certificate
    /// The `x5c` header of every JWS: leaf, intermediate, root, each standard base64 (with padding) of DER.
    public let x5c: [String]
    let leafKey: P256.Signing.PrivateKey

    /// Creates the chain. `seed` (any text) makes the keys reproducible; nil draws fresh random keys.
    public init(validFrom start: Instant, seed: String? = nil) throws {
        let keys = Self.keys(seed: seed)
        let notBefore = start.date.addingTimeInterval(-366 * 86_400)
        let notAfter = start.date.addingTimeInterval(20 * 366 * 86_400)
        let issued = try Self.issueChain(keys: keys, validity: notBefore...notAfter)
        root = issued.root
        intermediate = issued.intermediate
        leaf = issued.leaf
        leafKey = keys.leaf
        x5c = try [issued.leaf, issued.intermediate, issued.root].map { certificate in
            Data(try Self.der(certificate)).base64EncodedString()
        }
    }

    /// The chain and key saved by a simulator with a state folder, restored.
    init(root: Certificate, intermediate: Certificate, leaf: Certificate, leafKey: P256.Signing.PrivateKey) throws {
        self.root = root
        self.intermediate = intermediate
        self.leaf = leaf
        self.leafKey = leafKey
        x5c = try [leaf, intermediate, root].map { certificate in Data(try Self.der(certificate)).base64EncodedString() }
    }

    /// The root certificate, DER: what a Perennial app's trusted roots should hold.
    public var rootCertificateDER: Data {
        (try? Self.der(root)).map { Data($0) } ?? Data()
    }

    /// The root certificate as PEM (`-----BEGIN CERTIFICATE-----`).
    public var rootCertificatePEM: String {
        (try? root.serializeAsPEM().pemString) ?? ""
    }

    /// Signs bytes with the leaf's key: the raw `r || s` form JWS (ES256) uses.
    func signRaw(_ bytes: Data) throws -> Data {
        try leafKey.signature(for: bytes).rawRepresentation
    }

    /// Signs bytes with the leaf's key: the DER `Ecdsa-Sig-Value` form CMS uses.
    func signDER(_ bytes: [UInt8]) throws -> Data {
        try leafKey.signature(for: bytes).derRepresentation
    }

    /// Whether a DER ECDSA signature over `bytes` is the leaf's.
    func isValidDERSignature(_ signature: [UInt8], for bytes: [UInt8]) -> Bool {
        guard let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
        return leafKey.publicKey.isValidSignature(parsed, for: bytes)
    }

    static func der(_ certificate: Certificate) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return serializer.serializedBytes
    }
}
