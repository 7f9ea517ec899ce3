import Crypto
import Foundation
import SwiftASN1
import X509

/// A throwaway certificate authority shaped like the App Store's signing chain — a P-256 root, an
/// intermediate carrying Apple's intermediate marker OID (1.2.840.113635.100.6.2.1), a leaf carrying the
/// receipt-signing marker OID (1.2.840.113635.100.6.11.1) — with fresh keys, for signing test JWS.
///
/// `Options` bends it into the forgeries verification must reject: missing markers, key identifiers or CA
/// flag, other validity windows.
public struct TestCertificateAuthority: Sendable {
    /// How to shape the chain.
    public struct Options: Sendable {
        /// A name that tells authorities apart in subjects.
        public var name = "Perennial Test"
        /// Validity of the root and the intermediate.
        public var caValidity: ClosedRange<Date> = Self.date(2020, 1, 1)...Self.date(2045, 1, 1)
        /// Validity of the leaf.
        public var leafValidity: ClosedRange<Date> = Self.date(2024, 1, 1)...Self.date(2036, 1, 1)
        /// Whether the leaf carries Apple's signing marker OID.
        public var leafMarker = true
        /// Whether the intermediate carries Apple's intermediate marker OID.
        public var intermediateMarker = true
        /// Whether the intermediate may issue certificates (basic constraints CA).
        public var intermediateIsCA = true
        /// Whether certificates carry subject and authority key identifiers.
        public var keyIdentifiers = true
        /// An OCSP responder URL put in the leaf's and the intermediate's Authority Information Access; nil
        /// leaves the extension out (no revocation check applies).
        public var ocspURL: String?

        /// The default shape: valid 2024 … 2036, both markers, key identifiers.
        public init() {}

        /// Midnight UTC of a day.
        public static func date(_ year: Int, _ month: Int, _ day: Int) -> Date {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            return calendar.date(from: DateComponents(year: year, month: month, day: day))!
        }
    }

    /// The root's key.
    public let rootKey: P256.Signing.PrivateKey
    /// The self-signed root.
    public let root: Certificate
    /// The intermediate's key.
    public let intermediateKey: P256.Signing.PrivateKey
    /// The intermediate, issued by the root.
    public let intermediate: Certificate
    /// The leaf's key, which signs JWS.
    public let leafKey: P256.Signing.PrivateKey
    /// The leaf, issued by the intermediate.
    public let leaf: Certificate

    /// Creates a chain with fresh keys.
    public init(_ options: Options = Options()) throws {
        let rootKey = P256.Signing.PrivateKey()
        let intermediateKey = P256.Signing.PrivateKey()
        let leafKey = P256.Signing.PrivateKey()
        let rootName = try DistinguishedName { CommonName("\(options.name) Root CA"); OrganizationName("Perennial") }
        let intermediateName = try DistinguishedName {
            CommonName("\(options.name) Intermediate CA"); OrganizationName("Perennial")
        }
        let leafName = try DistinguishedName { CommonName("\(options.name) Signing"); OrganizationName("Perennial") }
        let ids = options.keyIdentifiers
        root = try Self.issue(
            key: rootKey, subject: rootName, issuer: rootName, issuerKey: rootKey, validity: options.caValidity,
            extensions: Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                if ids { SubjectKeyIdentifier(hash: Certificate.PublicKey(rootKey.publicKey)) }
            }
        )
        intermediate = try Self.issue(
            key: intermediateKey, subject: intermediateName, issuer: rootName, issuerKey: rootKey,
            validity: options.caValidity,
            extensions: Certificate.Extensions {
                if options.intermediateIsCA {
                    Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                } else {
                    Critical(BasicConstraints.notCertificateAuthority)
                }
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                if ids {
                    SubjectKeyIdentifier(hash: Certificate.PublicKey(intermediateKey.publicKey))
                    Self.authorityKeyIdentifier(of: rootKey)
                }
                if options.intermediateMarker { Self.marker([1, 2, 840, 113_635, 100, 6, 2, 1]) }
                if let url = options.ocspURL { Self.ocspAccess(url) }
            }
        )
        leaf = try Self.issue(
            key: leafKey, subject: leafName, issuer: intermediateName, issuerKey: intermediateKey,
            validity: options.leafValidity,
            extensions: Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                if ids {
                    SubjectKeyIdentifier(hash: Certificate.PublicKey(leafKey.publicKey))
                    Self.authorityKeyIdentifier(of: intermediateKey)
                }
                if options.leafMarker { Self.marker([1, 2, 840, 113_635, 100, 6, 11, 1]) }
                if let url = options.ocspURL { Self.ocspAccess(url) }
            }
        )
        self.rootKey = rootKey
        self.intermediateKey = intermediateKey
        self.leafKey = leafKey
    }

    /// The root, DER: what a verifier trusts.
    public var rootDER: Data { Self.der(root) }

    /// The `x5c` header Apple would send: leaf, intermediate, root, each standard base64 of DER.
    public var x5c: [String] { [leaf, intermediate, root].map { Self.der($0).base64EncodedString() } }

    /// A signer with the leaf's key and this chain in its header.
    public var signer: JWSSigner { JWSSigner(key: leafKey, x5c: x5c) }

    /// A certificate's DER bytes.
    public static func der(_ certificate: Certificate) -> Data {
        var serializer = DER.Serializer()
        try! serializer.serialize(certificate)
        return Data(serializer.serializedBytes)
    }

    /// An Apple marker extension: the OID with a DER NULL value, not critical.
    static func marker(_ oid: ASN1ObjectIdentifier) -> Certificate.Extension {
        Certificate.Extension(oid: oid, critical: false, value: [0x05, 0x00])
    }

    /// An Authority Information Access extension naming an OCSP responder.
    static func ocspAccess(_ url: String) -> AuthorityInformationAccess {
        AuthorityInformationAccess([.init(method: .ocspServer, location: .uniformResourceIdentifier(url))])
    }

    /// The authority key identifier naming an issuer's key, as its subject key identifier does.
    static func authorityKeyIdentifier(of issuerKey: P256.Signing.PrivateKey) -> AuthorityKeyIdentifier {
        let issuerIdentifier = SubjectKeyIdentifier(hash: Certificate.PublicKey(issuerKey.publicKey))
        return AuthorityKeyIdentifier(keyIdentifier: issuerIdentifier.keyIdentifier)
    }

    private static func issue(
        key: P256.Signing.PrivateKey, subject: DistinguishedName, issuer: DistinguishedName,
        issuerKey: P256.Signing.PrivateKey, validity: ClosedRange<Date>, extensions: Certificate.Extensions
    ) throws -> Certificate {
        try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: validity.lowerBound, notValidAfter: validity.upperBound, issuer: issuer,
            subject: subject, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
            issuerPrivateKey: Certificate.PrivateKey(issuerKey)
        )
    }
}
