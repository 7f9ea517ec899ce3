/// The lenient readings of `AppleFields`, straight from a tape's nodes: the same answers as reading the
/// value's text (`AppleJSONTapeDifferentialTests` checks this), without building the text when the value is
/// a plain string or a number.
extension AppleJSONTape {
    /// The value as `AppleFields.integer` reads it.
    func integer(at index: Int) -> Int64? {
        if nodes[index].kind == .integer { return nodes[index].number }
        if let span = span(at: index), let value = Self.digits(in: span) { return value }
        return text(at: index).flatMap(AppleFields.integer(fromText:))
    }

    /// The value as `AppleFields.bool` reads it.
    func flag(at index: Int) -> Bool? {
        switch nodes[index].kind {
        case .true: return true
        case .false: return false
        case .integer: return nodes[index].number == 1 ? true : nodes[index].number == 0 ? false : nil
        case .span: return span(at: index).flatMap(AppleFields.flag(inASCII:))
        case .null, .object, .array: return nil
        case .text: return text(at: index).flatMap(AppleFields.flag(fromText:))
        }
    }

    /// The value's text without surrounding spaces and tabs, or nil when that is empty, as
    /// `AppleFields.identifier` reads it.
    func identifier(at index: Int) -> String? {
        // A plain string that neither starts nor ends with a space or tab is its own trimmed text.
        if let span = span(at: index), let first = span.first, let last = span.last,
           first != UInt8(ascii: " "), first != UInt8(ascii: "\t"), last != UInt8(ascii: " "), last != UInt8(ascii: "\t") {
            return String(decoding: span, as: UTF8.self)
        }
        return text(at: index).flatMap(AppleFields.identifier(fromText:))
    }

    /// The value of 1 to 18 digits after an optional `-`, or nil (then the text is read the lenient way,
    /// which gives the same for these).
    private static func digits(in text: UnsafeRawBufferPointer) -> Int64? {
        let negative = text.first == UInt8(ascii: "-")
        let digits = negative ? UnsafeRawBufferPointer(rebasing: text.dropFirst()) : text
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value: Int64 = 0
        for byte in digits {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int64(digit)
        }
        return negative ? -value : value
    }
}
