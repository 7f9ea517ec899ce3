extension AppleFields {
    /// A text field with surrounding whitespace removed; nil when missing or empty.
    func identifier(_ key: AppleFieldKey) -> String? {
        if let (tape, object) = parsed { return tape.member(key, of: object).flatMap(tape.identifier(at:)) }
        return string(key).flatMap(Self.identifier(fromText:))
    }

    /// Text without surrounding spaces and tabs, or nil when that leaves nothing.
    static func identifier(fromText text: String) -> String? {
        let trimmed = text.trimmingAppleWhitespace
        return trimmed.isEmpty ? nil : trimmed
    }
}
