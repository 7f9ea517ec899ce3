import Foundation
import PerennialCore
import SwiftASN1

extension AppReceiptAttribute {
    /// Reads `SET OF ReceiptAttribute` (the receipt payload, and each in-app purchase), in encoding order.
    static func attributes(inSet bytes: ArraySlice<UInt8>) throws -> [AppReceiptAttribute] {
        let root = try ReceiptASN1.parse(bytes)
        return try ReceiptASN1.children(root, .set, "a SET of receipt attributes").map { node in
            let fields = try ReceiptASN1.children(node, .sequence, "a receipt attribute")
            guard fields.count == 3 else { throw LocalReceiptError.malformed("a receipt attribute has 3 fields") }
            let type = try ReceiptASN1.integer(fields[0]), version = try ReceiptASN1.integer(fields[1])
            guard let type = Int(exactly: type), let version = Int(exactly: version) else {
                throw LocalReceiptError.malformed("attribute type out of range")
            }
            return AppReceiptAttribute(type: type, version: version, value: Data(try ReceiptASN1.octetString(fields[2])))
        }
    }

    /// The value's element.
    private func element() throws -> ASN1Node { try ReceiptASN1.parse(ArraySlice(value)) }

    /// The value as text: a UTF8String, IA5String or other string type, or an INTEGER written in decimal.
    func text() throws -> String {
        guard let text = ReceiptASN1.text(try element()) else {
            throw LocalReceiptError.malformed("attribute \(type) is not a string")
        }
        return text
    }

    /// The value as an INTEGER.
    func integer() throws -> Int {
        guard let value = Int(exactly: try ReceiptASN1.integer(try element())) else {
            throw LocalReceiptError.malformed("attribute \(type) out of range")
        }
        return value
    }

    /// The value as a flag: an INTEGER, non-zero for true.
    func flag() throws -> Bool { try integer() != 0 }

    /// The value as an RFC 3339 date; nil when the string is empty (Apple's way of saying "none") or not a
    /// date Perennial can read.
    func date() throws -> Instant? { AppReceiptDate.parse(try text()) }
}
