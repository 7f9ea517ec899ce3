import Foundation
extension AppleFields {
    /// A text field with surrounding whitespace removed; nil when missing or empty.
    func identifier(_ key: String) -> String? {
        guard let text = string(key)?.trimmingAppleWhitespace, !text.isEmpty else { return nil }
        return text
    }
}
