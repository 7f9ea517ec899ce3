import SwiftASN1
import X509

/// The PKCS#7 (CMS) `SignedData` container of an app receipt, as the App Store builds it: the payload as
/// `id-data` content, the signing chain in `certificates`, one SignerInfo (issuer and serial number, SHA-256,
/// ECDSA) whose signature covers the content directly (no signed attributes). DER throughout.
enum PKCS7SignedReceipt {
    static let signedData: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 7, 2]
    static let data: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 7, 1]
    static let sha256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]
    static let ecdsaWithSHA256: ASN1ObjectIdentifier = [1, 2, 840, 10_045, 4, 3, 2]
    private static let tag0 = ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)

    /// Signs `content` with the authority's leaf and wraps it.
    static func sign(_ content: [UInt8], with authority: SimulatorSigningAuthority) throws -> [UInt8] {
        let signature = Array(try authority.signDER(content))
        let leaf = authority.leaf
        var serializer = DER.Serializer()
        try serializer.appendConstructedNode(identifier: .sequence) { contentInfo in
            try contentInfo.serialize(signedData)
            try contentInfo.appendConstructedNode(identifier: tag0) { explicit in
                try explicit.appendConstructedNode(identifier: .sequence) { signed in
                    try signed.serialize(1)
                    try signed.appendConstructedNode(identifier: .set) { try algorithm(sha256, into: &$0) }
                    try signed.appendConstructedNode(identifier: .sequence) { encapsulated in
                        try encapsulated.serialize(data)
                        try encapsulated.appendConstructedNode(identifier: tag0) { eContent in
                            try eContent.serialize(ASN1OctetString(contentBytes: content[...]))
                        }
                    }
                    try signed.appendConstructedNode(identifier: tag0) { certificates in
                        for certificate in [leaf, authority.intermediate, authority.root] {
                            try certificates.serialize(certificate)
                        }
                    }
                    try signed.appendConstructedNode(identifier: .set) { signerInfos in
                        try signerInfos.appendConstructedNode(identifier: .sequence) { signer in
                            try signer.serialize(1)
                            try signer.appendConstructedNode(identifier: .sequence) { issuerAndSerial in
                                try issuerAndSerial.serialize(leaf.issuer)
                                try issuerAndSerial.serialize(leaf.serialNumber.bytes)
                            }
                            try algorithm(sha256, into: &signer)
                            try algorithm(ecdsaWithSHA256, into: &signer)
                            try signer.serialize(ASN1OctetString(contentBytes: signature[...]))
                        }
                    }
                }
            }
        }
        return serializer.serializedBytes
    }

    /// `AlgorithmIdentifier ::= SEQUENCE { algorithm OID }` (parameters absent).
    private static func algorithm(_ oid: ASN1ObjectIdentifier, into serializer: inout DER.Serializer) throws {
        try serializer.appendConstructedNode(identifier: .sequence) { try $0.serialize(oid) }
    }
}
