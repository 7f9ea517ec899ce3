extension AppleFields {
    /// A text field with surrounding whitespace removed; nil when missing or empty.
    func identifier(_ key: AppleFieldKey) -> String? {
        if let (tape, object) = parsed { return tape.member(key, of: object).flatMap(tape.identifier(at:)) }
        guard let text = string(key)?.trimmingAppleWhitespace, !text.isEmpty else { return nil }
        return text
    }
}
