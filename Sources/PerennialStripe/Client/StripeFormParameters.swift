/// Request parameters in Stripe's form encoding (`application/x-www-form-urlencoded`, nested names in
/// brackets: `line_items[0][price]`, `metadata[app_user_id]`, `expand[]`), kept in the order given.
public struct StripeFormParameters: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// One name and value.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    public private(set) var fields: [Field] = []

    public init() {}

    /// Parameters in the literal's order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// Adds a parameter; a name may repeat (`expand[]`).
    public mutating func append(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Adds a parameter when the value is present.
    public mutating func append(_ name: String, _ value: String?) {
        if let value { append(name, value) }
    }

    public var isEmpty: Bool { fields.isEmpty }

    /// `name=value&…`, names and values percent-encoded: everything but RFC 3986's unreserved characters,
    /// brackets included (Stripe reads `%5B%5D` as `[]`).
    public var encoded: String {
        fields.map { Self.percentEncoded($0.name) + "=" + Self.percentEncoded($0.value) }.joined(separator: "&")
    }

    /// The UTF-8 bytes of `text` with every byte outside `A–Z a–z 0–9 - . _ ~` written as `%XX`.
    public static func percentEncoded(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(hex[Int(byte >> 4)])
                result.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }
}
