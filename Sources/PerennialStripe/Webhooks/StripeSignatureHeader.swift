/// The elements of a `Stripe-Signature` header, `t=<unix seconds>,v1=<hex>[,v1=<hex>…][,v0=<hex>]`, read
/// leniently: white space around elements is ignored, unknown schemes and ill-formed elements are skipped,
/// a `v1` value that is not hexadecimal is dropped. Never traps on any input.
struct StripeSignatureHeader: Sendable, Hashable {
    /// The signing time, in Unix seconds.
    var timestamp: Int64
    /// The `v1` signatures, decoded from hexadecimal.
    var v1Signatures: [[UInt8]]

    /// The parsed header; `malformedHeader` without exactly one distinct readable timestamp.
    static func parse(_ header: String) throws(StripeWebhookSignatureError) -> StripeSignatureHeader {
        var timestamps: Set<Int64> = []
        var signatures: [[UInt8]] = []
        for element in header.split(separator: ",", omittingEmptySubsequences: true) {
            guard let equals = element.firstIndex(of: "=") else { continue }
            let name = element[..<equals].trimmingSpaces
            let value = element[element.index(after: equals)...].trimmingSpaces
            switch name {
            case "t":
                guard let seconds = Int64(value), seconds >= 0 else { throw StripeWebhookSignatureError(.malformedHeader) }
                timestamps.insert(seconds)
            case "v1":
                if let bytes = hexBytes(value), bytes.count == 32 { signatures.append(bytes) }
            default:
                continue
            }
        }
        guard timestamps.count == 1, let timestamp = timestamps.first else { throw StripeWebhookSignatureError(.malformedHeader) }
        return StripeSignatureHeader(timestamp: timestamp, v1Signatures: signatures)
    }

    /// The bytes of an even-length hexadecimal string; nil when it is anything else.
    static func hexBytes(_ text: Substring) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard !digits.isEmpty, digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
