import Crypto
import Foundation
import PerennialCore
import SwiftASN1
import X509

/// Builds signed app receipts for tests: a P-256 test CA, a leaf, a payload of receipt attributes, and a
/// PKCS#7 SignedData around it (with or without signed attributes).
struct TestReceiptBuilder {
    let rootKey = P256.Signing.PrivateKey()
    let intermediateKey = P256.Signing.PrivateKey()
    let leafKey = P256.Signing.PrivateKey()
    let root: Certificate
    let intermediate: Certificate
    let leaf: Certificate

    /// A chain root → intermediate → leaf, the leaf valid over `leafValidity`; with Apple's marker extensions
    /// when `appleMarkers`.
    init(leafValidity: ClosedRange<Date>? = nil, appleMarkers: Bool = false) throws {
        let start = Date(timeIntervalSince1970: 1_577_836_800)  // 2020-01-01
        let end = Date(timeIntervalSince1970: 2_208_988_800)  // 2040-01-01
        let rootName = try DistinguishedName { CommonName("Perennial Test Receipt Root") }
        let intermediateName = try DistinguishedName { CommonName("Perennial Test Receipt Intermediate") }
        let leafName = try DistinguishedName { CommonName("Perennial Test Receipt Signing") }
        root = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(rootKey.publicKey),
            notValidBefore: start, notValidAfter: end, issuer: rootName, subject: rootName,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(keyCertSign: true))
            },
            issuerPrivateKey: .init(rootKey)
        )
        let marker = { (oid: ASN1ObjectIdentifier) in Certificate.Extension(oid: oid, critical: false, value: [0x05, 0x00]) }
        intermediate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(intermediateKey.publicKey),
            notValidBefore: start, notValidAfter: end, issuer: rootName, subject: intermediateName,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true))
                if appleMarkers { marker([1, 2, 840, 113_635, 100, 6, 2, 1]) }
            },
            issuerPrivateKey: .init(rootKey)
        )
        leaf = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(leafKey.publicKey),
            notValidBefore: leafValidity?.lowerBound ?? start, notValidAfter: leafValidity?.upperBound ?? end,
            issuer: intermediateName, subject: leafName,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                if appleMarkers { marker([1, 2, 840, 113_635, 100, 6, 11, 1]) }
            },
            issuerPrivateKey: .init(intermediateKey)
        )
    }

    /// The DER of a certificate.
    static func der(_ certificate: Certificate) throws -> Data {
        var serializer = DER.Serializer()
        try serializer.serialize(certificate)
        return Data(serializer.serializedBytes)
    }

    /// How the SignerInfo names its algorithms and what it signs.
    struct Options {
        /// Sign DER signed attributes (content type, message digest) instead of the content.
        var signedAttributes = false
        /// Name the key type (`ecPublicKey`) rather than `ecdsa-with-SHA256`, as Apple's PKCS#7 does for RSA.
        var keyTypeAlgorithm = false
        /// A wrong message digest in the signed attributes.
        var wrongMessageDigest = false
        /// Leave the intermediate out of the container.
        var omitIntermediate = false
    }

    /// A signed receipt around `payload`, in base64.
    func receipt(payload: [UInt8], options: Options = Options()) throws -> String {
        let sha256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]
        let signatureOID: ASN1ObjectIdentifier = options.keyTypeAlgorithm ? [1, 2, 840, 10_045, 2, 1] : [1, 2, 840, 10_045, 4, 3, 2]
        let data: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 7, 1]
        let tag0 = ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)

        var signedAttributes: [UInt8]?
        if options.signedAttributes {
            var digest = Array(SHA256.hash(data: payload))
            if options.wrongMessageDigest { digest[0] ^= 0xFF }
            var serializer = DER.Serializer()
            try serializer.appendConstructedNode(identifier: .set) { set in
                try set.appendConstructedNode(identifier: .sequence) { attribute in
                    try attribute.serialize([1, 2, 840, 113_549, 1, 9, 3] as ASN1ObjectIdentifier)
                    try attribute.appendConstructedNode(identifier: .set) { try $0.serialize(data) }
                }
                try set.appendConstructedNode(identifier: .sequence) { attribute in
                    try attribute.serialize([1, 2, 840, 113_549, 1, 9, 4] as ASN1ObjectIdentifier)
                    try attribute.appendConstructedNode(identifier: .set) { try $0.serialize(ASN1OctetString(contentBytes: digest[...])) }
                }
            }
            signedAttributes = serializer.serializedBytes
        }
        let signature = try leafKey.signature(for: signedAttributes ?? payload).derRepresentation

        var serializer = DER.Serializer()
        try serializer.appendConstructedNode(identifier: .sequence) { contentInfo in
            try contentInfo.serialize([1, 2, 840, 113_549, 1, 7, 2] as ASN1ObjectIdentifier)
            try contentInfo.appendConstructedNode(identifier: tag0) { explicit in
                try explicit.appendConstructedNode(identifier: .sequence) { signedData in
                    try signedData.serialize(1)
                    try signedData.appendConstructedNode(identifier: .set) { set in
                        try set.appendConstructedNode(identifier: .sequence) { try $0.serialize(sha256) }
                    }
                    try signedData.appendConstructedNode(identifier: .sequence) { encapsulated in
                        try encapsulated.serialize(data)
                        try encapsulated.appendConstructedNode(identifier: tag0) {
                            try $0.serialize(ASN1OctetString(contentBytes: ArraySlice(payload)))
                        }
                    }
                    try signedData.appendConstructedNode(identifier: tag0) { certificates in
                        try certificates.serialize(leaf)
                        if !options.omitIntermediate { try certificates.serialize(intermediate) }
                    }
                    try signedData.appendConstructedNode(identifier: .set) { signerInfos in
                        try signerInfos.appendConstructedNode(identifier: .sequence) { signerInfo in
                            try signerInfo.serialize(1)
                            try signerInfo.appendConstructedNode(identifier: .sequence) { sid in
                                try sid.serialize(leaf.issuer)
                                try sid.serialize(ArraySlice(leaf.serialNumber.bytes))
                            }
                            try signerInfo.appendConstructedNode(identifier: .sequence) { try $0.serialize(sha256) }
                            if var attributes = signedAttributes {
                                attributes[0] = 0xA0
                                signerInfo.serializeRawBytes(attributes)
                            }
                            try signerInfo.appendConstructedNode(identifier: .sequence) { try $0.serialize(signatureOID) }
                            try signerInfo.serialize(ASN1OctetString(contentBytes: ArraySlice(signature)))
                        }
                    }
                }
            }
        }
        return Data(serializer.serializedBytes).base64EncodedString()
    }

    /// A payload: `SET OF ReceiptAttribute`, each value's element given as DER.
    static func payload(_ attributes: [(type: Int, value: [UInt8])]) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.appendConstructedNode(identifier: .set) { set in
            for attribute in attributes {
                try set.appendConstructedNode(identifier: .sequence) { sequence in
                    try sequence.serialize(attribute.type)
                    try sequence.serialize(1)
                    try sequence.serialize(ASN1OctetString(contentBytes: attribute.value[...]))
                }
            }
        }
        return serializer.serializedBytes
    }

    /// DER of a UTF8String.
    static func utf8(_ text: String) throws -> [UInt8] { try element(ASN1UTF8String(text)) }
    /// DER of an IA5String.
    static func ia5(_ text: String) throws -> [UInt8] { try element(ASN1IA5String(text)) }
    /// DER of an INTEGER.
    static func integer(_ value: Int) throws -> [UInt8] { try element(value) }

    private static func element(_ value: some DERSerializable) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(value)
        return serializer.serializedBytes
    }
}
