import PerennialCore

extension AppleFields {
    /// A text field with surrounding whitespace removed; nil when missing or empty.
    func identifier(_ key: AppleFieldKey) -> String? {
        if let (tape, object) = parsed { return tape.member(key, of: object).flatMap(tape.identifier(at:)) }
        return string(key).flatMap(Self.identifier(fromText:))
    }

    /// `identifier(key)`, given back as `candidate` itself when its text is the same: a receipt's entries
    /// repeat their product and original transaction ids, and sharing one string saves building a copy of it
    /// for each entry.
    func identifier(_ key: AppleFieldKey, reusing candidate: String?) -> String? {
        if var candidate, let (tape, object) = parsed, let member = tape.member(key, of: object),
           let span = tape.span(at: member), span.count == candidate.utf8.count, let spanStart = span.baseAddress {
            // `candidate` has no surrounding whitespace (it is an identifier), so neither has a span equal to it.
            let isSame = candidate.withUTF8 { PlainJSONReader.sameBytes($0.baseAddress!, spanStart, count: span.count) }
            if isSame { return candidate }
        }
        return identifier(key)
    }

    /// Text without surrounding spaces and tabs, or nil when that leaves nothing.
    static func identifier(fromText text: String) -> String? {
        let trimmed = text.trimmingAppleWhitespace
        return trimmed.isEmpty ? nil : trimmed
    }
}
