import PerennialCore

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
        Hexadecimal.bytes(text.utf8)
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
