import Crypto
import Foundation
import SwiftASN1
import X509

extension SimulatorSigningAuthority {
    /// Apple's marker on App Store signing leaves.
    static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 11, 1]
    /// Apple's marker on its WWDR intermediates.
    static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 6, 2, 1]
    /// DER of an ASN.1 NULL: the marker extensions' value, as Apple's certificates carry it.
    private static let asn1Null: ArraySlice<UInt8> = [0x05, 0x00]

    /// Issues root → intermediate → leaf.
    static func issueChain(keys: Keys, validity: ClosedRange<Date>) throws
        -> (root: Certificate, intermediate: Certificate, leaf: Certificate)
    {
        let rootName = try DistinguishedName {
            CountryName("US")
            OrganizationName("Perennial Simulator")
            OrganizationalUnitName("App Store Simulator Certification Authority")
            CommonName("Perennial Simulator Root CA")
        }
        let intermediateName = try DistinguishedName {
            CountryName("US")
            OrganizationName("Perennial Simulator")
            OrganizationalUnitName("G6")
            CommonName("Perennial Simulator Worldwide Developer Relations Certification Authority")
        }
        let leafName = try DistinguishedName {
            CountryName("US")
            OrganizationName("Perennial Simulator")
            OrganizationalUnitName("Perennial Simulator Worldwide Developer Relations")
            CommonName("Perennial Simulator App Store and Store Receipt Signing")
        }
        let rootPublic = Certificate.PublicKey(keys.root.publicKey)
        let intermediatePublic = Certificate.PublicKey(keys.intermediate.publicKey)
        let leafPublic = Certificate.PublicKey(keys.leaf.publicKey)
        let rootID = SubjectKeyIdentifier(hash: rootPublic)
        let intermediateID = SubjectKeyIdentifier(hash: intermediatePublic)

        let root = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(bytes: [0x01, 0x5E, 0x2A]), publicKey: rootPublic,
            notValidBefore: validity.lowerBound, notValidAfter: validity.upperBound, issuer: rootName, subject: rootName,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                rootID
                AuthorityKeyIdentifier(keyIdentifier: rootID.keyIdentifier)
            },
            issuerPrivateKey: Certificate.PrivateKey(keys.root))
        let intermediate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(bytes: [0x02, 0x6F, 0x3B]),
            publicKey: intermediatePublic, notValidBefore: validity.lowerBound, notValidAfter: validity.upperBound,
            issuer: rootName, subject: intermediateName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                intermediateID
                AuthorityKeyIdentifier(keyIdentifier: rootID.keyIdentifier)
                Certificate.Extension(oid: intermediateMarker, critical: false, value: asn1Null)
            },
            issuerPrivateKey: Certificate.PrivateKey(keys.root))
        let leaf = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(bytes: [0x03, 0x7A, 0x4C]), publicKey: leafPublic,
            notValidBefore: validity.lowerBound, notValidAfter: validity.upperBound, issuer: intermediateName,
            subject: leafName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                SubjectKeyIdentifier(hash: leafPublic)
                AuthorityKeyIdentifier(keyIdentifier: intermediateID.keyIdentifier)
                Certificate.Extension(oid: leafMarker, critical: false, value: asn1Null)
            },
            issuerPrivateKey: Certificate.PrivateKey(keys.intermediate))
        return (root, intermediate, leaf)
    }
}
