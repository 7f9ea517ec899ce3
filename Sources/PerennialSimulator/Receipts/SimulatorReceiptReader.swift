import Foundation
import SwiftASN1

/// Reads back a receipt the simulator signed: its content, once the signature checks out with the
/// simulator's own leaf, and the opaque value that names its account.
enum SimulatorReceiptReader {
    /// What a receipt-data text turned out to be.
    enum Outcome: Equatable {
        /// Not a PKCS#7 container the simulator can read (verifyReceipt 21002).
        case malformed
        /// A container whose signature is not the simulator's, or without an opaque value (21003).
        case unauthenticated
        /// Signed by the simulator: the receipt's opaque value (attribute 4).
        case signed(opaqueValue: Data)
    }

    /// Reads base64 receipt data (whitespace ignored).
    static func read(receiptData: String, authority: SimulatorSigningAuthority) -> Outcome {
        let compact = receiptData.filter { !$0.isWhitespace }
        guard !compact.isEmpty, let bytes = Data(base64Encoded: compact) else { return .malformed }
        guard let (content, signature) = try? contentAndSignature(Array(bytes)) else { return .malformed }
        guard authority.isValidDERSignature(signature, for: content) else { return .unauthenticated }
        guard let opaque = try? opaqueValue(in: content) else { return .unauthenticated }
        return .signed(opaqueValue: opaque)
    }

    /// The eContent and the one signer's signature of a SignedData container.
    private static func contentAndSignature(_ bytes: [UInt8]) throws -> ([UInt8], [UInt8])? {
        let contentInfo = try children(try DER.parse(bytes))
        guard contentInfo.count == 2, try ASN1ObjectIdentifier(derEncoded: contentInfo[0]) == PKCS7SignedReceipt.signedData
        else { return nil }
        guard let signedNode = try children(contentInfo[1]).first else { return nil }
        let signed = try children(signedNode)
        guard signed.count >= 4, let signerSet = signed.last else { return nil }
        let encapsulated = try children(signed[2])
        guard encapsulated.count == 2, let eContent = try children(encapsulated[1]).first else { return nil }
        let content = try ASN1OctetString(derEncoded: eContent).bytes
        let signers = try children(signerSet)
        guard signers.count == 1, let signatureNode = try children(signers[0]).last else { return nil }
        return (Array(content), Array(try ASN1OctetString(derEncoded: signatureNode).bytes))
    }

    /// The value of attribute 4 in a payload's SET of receipt attributes.
    private static func opaqueValue(in content: [UInt8]) throws -> Data? {
        for attribute in try children(try DER.parse(content)) {
            let fields = try children(attribute)
            guard fields.count == 3 else { continue }
            if try Int(derEncoded: fields[0]) == 4 {
                return Data(try ASN1OctetString(derEncoded: fields[2]).bytes)
            }
        }
        return nil
    }

    private static func children(_ node: ASN1Node) throws -> [ASN1Node] {
        guard case .constructed(let nodes) = node.content else {
            throw ASN1Error.invalidASN1Object(reason: "expected a constructed node")
        }
        return Array(nodes)
    }
}
