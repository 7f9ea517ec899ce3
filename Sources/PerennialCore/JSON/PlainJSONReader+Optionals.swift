extension PlainJSONReader {
    /// A string or `null` (nil), as `decodeIfPresent(String.self, …)` reads it.
    package mutating func optionalString() throws(PlainJSONDeclined) -> String? {
        try consumeNull() ? nil : try string()
    }

    /// An integer or `null` (nil).
    package mutating func optionalInteger() throws(PlainJSONDeclined) -> Int64? {
        try consumeNull() ? nil : try integer()
    }

    /// An integer that fits `Int`, or `null` (nil).
    package mutating func optionalInt() throws(PlainJSONDeclined) -> Int? {
        guard let value = try optionalInteger() else { return nil }
        guard let narrowed = Int(exactly: value) else { throw PlainJSONDeclined() }
        return narrowed
    }

    /// `true`, `false` or `null` (nil).
    package mutating func optionalBool() throws(PlainJSONDeclined) -> Bool? {
        try consumeNull() ? nil : try bool()
    }

    /// Milliseconds since 1970 written as an integer, or `null` (nil); a fractional date (Xcode) declines.
    package mutating func optionalInstant() throws(PlainJSONDeclined) -> Instant? {
        try optionalInteger().map(Instant.init(milliseconds:))
    }

    /// An array of strings, or `null` (nil).
    package mutating func optionalStrings() throws(PlainJSONDeclined) -> [String]? {
        if try consumeNull() { return nil }
        try beginArray()
        var strings: [String] = []
        var first = true
        while try nextElement(first: &first) { strings.append(try string()) }
        return strings
    }
}
