/// The CSV every export writes (metrics, explanations, the retention table, eligible offers): RFC 4180 — a
/// field with a comma, a quote or a line break is quoted, its quotes doubled — and safe to open in a
/// spreadsheet: a text field that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed
/// with `'`, so an app user id such as `=HYPERLINK(…)` or `-2+3` is shown as text, never evaluated. A plain
/// number (`-5`, `12.50`) is written as it is.
public enum CSVWriter {
    /// The text of the lines, each ending in a line break.
    public static func text(_ lines: [[String]]) -> String {
        lines.map(line).joined(separator: "\n") + "\n"
    }

    /// One line's fields, joined by commas (no line break).
    public static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",")
    }

    /// One field, neutralized and quoted as needed.
    public static func field(_ value: String) -> String {
        var text = value
        if let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first), !isPlainNumber(text) {
            text = "'" + text
        }
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        var quoted = "\""
        for character in text {
            quoted.append(character)
            if character == "\"" { quoted.append("\"") }
        }
        return quoted + "\""
    }

    /// `-?digits(.digits)?`: a figure a spreadsheet reads as the number it is.
    private static func isPlainNumber(_ text: String) -> Bool {
        var digits = Substring(text)
        if digits.first == "-" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }
    }
}
