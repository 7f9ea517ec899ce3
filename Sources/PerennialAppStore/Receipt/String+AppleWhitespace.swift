import Foundation

extension String {
    /// The text without the spaces and tabs around it, exactly as `trimmingCharacters(in: .whitespaces)`,
    /// but without a trip through Foundation when it neither starts nor ends with whitespace, which is true
    /// of nearly every field Apple sends: a verifyReceipt body has thousands of them.
    var trimmingAppleWhitespace: String {
        guard let first = utf8.first, let last = utf8.last else { return self }
        let isPlain = { (byte: UInt8) in byte < 0x80 && byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") }
        return isPlain(first) && isPlain(last) ? self : trimmingCharacters(in: .whitespaces)
    }
}
