import Foundation

/// A JSON value written with its keys in the order given and `null` written out: RevenueCat's SDKs need
/// some fields present even when empty, and a stable order makes the ETag of equal answers equal.
indirect enum RevenueCatJSON: Sendable {
    case string(String)
    case int(Int64)
    case bool(Bool)
    case null
    case array([RevenueCatJSON])
    case object([(String, RevenueCatJSON)])

    /// A string, or `null` for nil.
    static func optional(_ value: String?) -> RevenueCatJSON {
        value.map(RevenueCatJSON.string) ?? .null
    }

    /// The UTF-8 bytes of the value.
    var data: Data {
        var bytes: [UInt8] = []
        write(to: &bytes)
        return Data(bytes)
    }

    func write(to bytes: inout [UInt8]) {
        switch self {
        case .string(let text): Self.write(text, to: &bytes)
        case .int(let number): bytes += Array(String(number).utf8)
        case .bool(let flag): bytes += Array((flag ? "true" : "false").utf8)
        case .null: bytes += Array("null".utf8)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                item.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.write(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                value.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as UTF-8.
    private static func write(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
