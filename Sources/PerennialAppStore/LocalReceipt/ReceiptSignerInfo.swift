import SwiftASN1

/// The SignerInfo of an app receipt's SignedData: who signed, with which algorithms, and over what.
struct ReceiptSignerInfo: Sendable {
    /// How the signer names its certificate.
    enum Identifier: Sendable {
        /// The certificate's issuer (DER of the Name) and serial number (INTEGER content).
        case issuerAndSerialNumber(issuer: ArraySlice<UInt8>, serialNumber: ArraySlice<UInt8>)
        /// The certificate's subject key identifier.
        case subjectKeyIdentifier(ArraySlice<UInt8>)
    }

    var identifier: Identifier
    var digestAlgorithm: ASN1ObjectIdentifier
    var signatureAlgorithm: ASN1ObjectIdentifier
    /// The signed attributes as the signature covers them: their encoding with the SET tag; nil when absent
    /// (then the signature covers the content).
    var signedAttributes: [UInt8]?
    /// The `message-digest` signed attribute, when there are signed attributes.
    var messageDigest: ArraySlice<UInt8>?
    /// The `content-type` signed attribute, when present.
    var contentType: ASN1ObjectIdentifier?
    var signature: ArraySlice<UInt8>

    /// Reads `SignerInfo ::= SEQUENCE { version, sid, digestAlgorithm, [0] signedAttrs OPTIONAL,
    /// signatureAlgorithm, signature OCTET STRING, [1] unsignedAttrs OPTIONAL }`.
    init(_ node: ASN1Node) throws {
        let fields = try ReceiptASN1.children(node, .sequence, "a SignerInfo")
        guard fields.count >= 5 else { throw LocalReceiptError.malformed("SignerInfo too short") }
        let version = try ReceiptASN1.integer(fields[0])
        identifier = try Self.identifier(fields[1])
        switch (version, identifier) {
        case (1, .issuerAndSerialNumber), (3, .subjectKeyIdentifier): break
        default: throw LocalReceiptError.malformed("SignerInfo version does not match its signer identifier")
        }
        digestAlgorithm = try Self.algorithm(fields[2])
        var index = 3
        if fields[index].identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) {
            let attributes = try Self.attributes(fields[index])
            var bytes = Array(fields[index].encodedBytes)
            bytes[0] = 0x31  // The signature covers the attributes tagged as a SET, not as [0].
            signedAttributes = bytes
            messageDigest = attributes.messageDigest
            contentType = attributes.contentType
            guard messageDigest != nil else { throw LocalReceiptError.malformed("signed attributes without a message digest") }
            index += 1
        }
        guard fields.count >= index + 2 else { throw LocalReceiptError.malformed("SignerInfo too short") }
        signatureAlgorithm = try Self.algorithm(fields[index])
        signature = try ReceiptASN1.octetString(fields[index + 1])
        let rest = fields[(index + 2)...]
        guard rest.count <= 1,
              rest.allSatisfy({ $0.identifier == ASN1Identifier(tagWithNumber: 1, tagClass: .contextSpecific) })
        else { throw LocalReceiptError.malformed("unexpected fields after the signature") }
    }

    /// `AlgorithmIdentifier ::= SEQUENCE { algorithm OID, parameters ANY OPTIONAL }`: the OID.
    static func algorithm(_ node: ASN1Node) throws -> ASN1ObjectIdentifier {
        let fields = try ReceiptASN1.children(node, .sequence, "an AlgorithmIdentifier")
        guard let first = fields.first, fields.count <= 2 else { throw LocalReceiptError.malformed("bad AlgorithmIdentifier") }
        return try ReceiptASN1.objectIdentifier(first)
    }

    private static func identifier(_ node: ASN1Node) throws -> Identifier {
        if node.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) {
            guard case .primitive(let bytes) = node.content else { throw LocalReceiptError.malformed("bad subject key identifier") }
            return .subjectKeyIdentifier(bytes)
        }
        let fields = try ReceiptASN1.children(node, .sequence, "an IssuerAndSerialNumber")
        guard fields.count == 2 else { throw LocalReceiptError.malformed("bad IssuerAndSerialNumber") }
        _ = try ReceiptASN1.children(fields[0], .sequence, "an issuer Name")
        let serial = try ReceiptASN1.primitive(fields[1], .integer, "a serial number")
        return .issuerAndSerialNumber(issuer: fields[0].encodedBytes, serialNumber: serial)
    }

    /// `SignedAttributes ::= SET OF Attribute`, `Attribute ::= SEQUENCE { attrType OID, attrValues SET OF ANY }`.
    private static func attributes(_ node: ASN1Node) throws -> (messageDigest: ArraySlice<UInt8>?, contentType: ASN1ObjectIdentifier?) {
        let tag = ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)
        var messageDigest: ArraySlice<UInt8>?
        var contentType: ASN1ObjectIdentifier?
        for attribute in try ReceiptASN1.children(node, tag, "signed attributes") {
            let fields = try ReceiptASN1.children(attribute, .sequence, "an Attribute")
            guard fields.count == 2 else { throw LocalReceiptError.malformed("bad Attribute") }
            let type = try ReceiptASN1.objectIdentifier(fields[0])
            let values = try ReceiptASN1.children(fields[1], .set, "attribute values")
            switch type {
            case ReceiptOID.messageDigestAttribute:
                guard values.count == 1, messageDigest == nil else { throw LocalReceiptError.malformed("bad message digest") }
                messageDigest = try ReceiptASN1.octetString(values[0])
            case ReceiptOID.contentTypeAttribute:
                guard values.count == 1, contentType == nil else { throw LocalReceiptError.malformed("bad content type") }
                contentType = try ReceiptASN1.objectIdentifier(values[0])
            default:
                continue
            }
        }
        return (messageDigest, contentType)
    }
}
