import SwiftASN1

/// One `ReceiptAttribute ::= SEQUENCE { type INTEGER, version INTEGER, value OCTET STRING }` of an app
/// receipt's payload. `value` holds the DER of the attribute's value (a UTF8String, IA5String, INTEGER or
/// nested SET), or raw bytes for the opaque value and the SHA-1 hash.
struct ReceiptAttributeElement: DERSerializable {
    var type: Int
    var version = 1
    var value: [UInt8]

    func serialize(into coder: inout DER.Serializer) throws {
        try coder.appendConstructedNode(identifier: .sequence) { coder in
            try coder.serialize(type)
            try coder.serialize(version)
            try coder.serialize(ASN1OctetString(contentBytes: value[...]))
        }
    }

    /// A UTF8String value.
    static func utf8(_ type: Int, _ text: String) throws -> Self {
        Self(type: type, value: try der(ASN1UTF8String(text)))
    }

    /// An IA5String value (dates; an empty string says "none", as Apple writes it).
    static func ia5(_ type: Int, _ text: String) throws -> Self {
        Self(type: type, value: try der(ASN1IA5String(contentBytes: ArraySlice(text.utf8))))
    }

    /// An INTEGER value.
    static func integer(_ type: Int, _ value: Int) throws -> Self {
        Self(type: type, value: try der(value))
    }

    /// Raw bytes, not wrapped in a DER element (the opaque value and the SHA-1 hash).
    static func raw(_ type: Int, _ bytes: [UInt8]) -> Self {
        Self(type: type, value: bytes)
    }

    /// A SET OF attributes, DER (sorted, as DER requires).
    static func set(_ attributes: [Self]) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serializeSetOf(attributes)
        return serializer.serializedBytes
    }

    private static func der(_ value: some DERSerializable) throws -> [UInt8] {
        var serializer = DER.Serializer()
        try serializer.serialize(value)
        return serializer.serializedBytes
    }
}
