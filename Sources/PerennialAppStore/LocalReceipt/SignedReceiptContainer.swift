import SwiftASN1

/// An app receipt's PKCS#7 / CMS container, read down to what reading and verifying need:
/// `ContentInfo { id-signedData, [0] SignedData { version, digestAlgorithms, encapContentInfo { id-data,
/// [0] eContent OCTET STRING }, [0] certificates, [1] crls, signerInfos } }`, BER with indefinite lengths
/// allowed (Xcode writes them).
struct SignedReceiptContainer: Sendable {
    /// The eContent octets: the receipt payload, the bytes the signature covers when there are no signed
    /// attributes.
    var content: [UInt8]
    /// The DER of each certificate in the container, in order.
    var certificates: [ArraySlice<UInt8>]
    /// The digest algorithms the SignedData announces.
    var digestAlgorithms: [ASN1ObjectIdentifier]
    /// The signers (Apple's receipts have exactly one; unsigned test receipts none).
    var signers: [ReceiptSignerInfo]

    /// Reads a container from its bytes.
    init(bytes: [UInt8]) throws {
        let root = try ReceiptASN1.parse(bytes[...])
        let contentInfo = try ReceiptASN1.children(root, .sequence, "a ContentInfo")
        guard contentInfo.count == 2, try ReceiptASN1.objectIdentifier(contentInfo[0]) == ReceiptOID.signedData else {
            throw LocalReceiptError.malformed("not a PKCS#7 SignedData container")
        }
        let explicit = try ReceiptASN1.children(contentInfo[1], Self.tag0, "[0] content")
        guard explicit.count == 1 else { throw LocalReceiptError.malformed("bad [0] content") }
        let fields = try ReceiptASN1.children(explicit[0], .sequence, "a SignedData")
        guard fields.count >= 4 else { throw LocalReceiptError.malformed("SignedData too short") }
        guard [1, 3].contains(try ReceiptASN1.integer(fields[0])) else {
            throw LocalReceiptError.malformed("SignedData version is not 1 or 3")
        }
        digestAlgorithms = try ReceiptASN1.children(fields[1], .set, "digest algorithms").map(ReceiptSignerInfo.algorithm)
        content = try Self.encapsulatedContent(fields[2])
        var certificates: [ArraySlice<UInt8>] = []
        for field in fields[3..<(fields.count - 1)] {
            if field.identifier == Self.tag0 {
                guard certificates.isEmpty else { throw LocalReceiptError.malformed("two certificate sets") }
                certificates = try ReceiptASN1.children(field, Self.tag0, "certificates").map(\.encodedBytes)
            } else if field.identifier != ASN1Identifier(tagWithNumber: 1, tagClass: .contextSpecific) {
                throw LocalReceiptError.malformed("unexpected field in SignedData")
            }
        }
        self.certificates = certificates
        signers = try ReceiptASN1.children(fields[fields.count - 1], .set, "signer infos").map(ReceiptSignerInfo.init)
    }

    private static let tag0 = ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)

    /// `EncapsulatedContentInfo ::= SEQUENCE { eContentType id-data, [0] EXPLICIT OCTET STRING }`.
    private static func encapsulatedContent(_ node: ASN1Node) throws -> [UInt8] {
        let fields = try ReceiptASN1.children(node, .sequence, "an EncapsulatedContentInfo")
        guard fields.count == 2, try ReceiptASN1.objectIdentifier(fields[0]) == ReceiptOID.data else {
            throw LocalReceiptError.malformed("the receipt content is not id-data")
        }
        let explicit = try ReceiptASN1.children(fields[1], tag0, "[0] eContent")
        guard explicit.count == 1 else { throw LocalReceiptError.malformed("bad eContent") }
        return Array(try ReceiptASN1.octetString(explicit[0]))
    }
}
