/// A string read by `PlainJSONReader.stringOrSpan()`: where its bytes are in the input when they are its
/// text as they stand (ASCII, no escapes), else its decoded text.
package enum PlainJSONString: Sendable {
    /// The string's bytes, between the quotes, in the reader's input.
    case span(Range<Int>)
    /// The decoded text of a string with escapes or non-ASCII characters.
    case text(String)
}
