import SwiftASN1

/// Small readers over swift-asn1 nodes for the shapes app receipts use. Every one throws
/// `receipt_malformed` on a shape it does not expect, and none traps.
enum ReceiptASN1 {
    /// Parses one BER element (DER included; indefinite lengths allowed) that must fill `bytes` exactly.
    static func parse(_ bytes: ArraySlice<UInt8>) throws -> ASN1Node {
        do {
            return try BER.parse(bytes)
        } catch {
            throw LocalReceiptError.malformed("not a BER element")
        }
    }

    /// The children of a constructed node with the given tag.
    static func children(_ node: ASN1Node, _ identifier: ASN1Identifier, _ what: String) throws -> [ASN1Node] {
        guard node.identifier == identifier, case .constructed(let nodes) = node.content else {
            throw LocalReceiptError.malformed("expected \(what)")
        }
        return Array(nodes)
    }

    /// The content of a primitive node with the given tag.
    static func primitive(_ node: ASN1Node, _ identifier: ASN1Identifier, _ what: String) throws -> ArraySlice<UInt8> {
        guard node.identifier == identifier, case .primitive(let bytes) = node.content else {
            throw LocalReceiptError.malformed("expected \(what)")
        }
        return bytes
    }

    /// An OBJECT IDENTIFIER.
    static func objectIdentifier(_ node: ASN1Node) throws -> ASN1ObjectIdentifier {
        do {
            return try ASN1ObjectIdentifier(berEncoded: node)
        } catch {
            throw LocalReceiptError.malformed("expected an OBJECT IDENTIFIER")
        }
    }

    /// An OCTET STRING's bytes; BER allows it constructed from chunks, which are joined.
    static func octetString(_ node: ASN1Node) throws -> ArraySlice<UInt8> {
        do {
            return try ASN1OctetString(berEncoded: node).bytes
        } catch {
            throw LocalReceiptError.malformed("expected an OCTET STRING")
        }
    }

    /// An INTEGER that fits in 64 bits.
    static func integer(_ node: ASN1Node) throws -> Int64 {
        let bytes = try primitive(node, .integer, "an INTEGER")
        guard let value = int64(twosComplement: bytes) else {
            throw LocalReceiptError.malformed("INTEGER out of range")
        }
        return value
    }

    /// A big-endian two's-complement integer of 1 to 8 bytes.
    static func int64(twosComplement bytes: ArraySlice<UInt8>) -> Int64? {
        guard let first = bytes.first, bytes.count <= 8 else { return nil }
        var value: Int64 = first >= 0x80 ? -1 : 0
        for byte in bytes { value = (value << 8) | Int64(byte) }
        return value
    }

    /// The text of a string element of any of the string types Apple uses, or of an INTEGER (as decimal).
    /// Returns nil for other elements.
    static func text(_ node: ASN1Node) -> String? {
        switch node.identifier {
        case .utf8String, .ia5String, .printableString, .visibleString, .teletexString, .numericString:
            guard case .primitive(let bytes) = node.content else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        case .integer:
            return (try? integer(node)).map(String.init)
        default:
            return nil
        }
    }
}
