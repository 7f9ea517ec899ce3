extension String {
    /// Whether the text spells `other` (ASCII letters, digits and symbols) in any mix of ASCII upper and lower
    /// case. Text with a non-ASCII byte is never equal: use `lowercased()` for Unicode case folding.
    func equalsIgnoringASCIICase(_ other: StaticString) -> Bool {
        var text = self
        return text.withUTF8 { UnsafeRawBufferPointer($0).equalsIgnoringASCIICase(other) }
    }
}
