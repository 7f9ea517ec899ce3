/// Rows of delimited text (CSV with `,` or `;`): fields may be quoted with `"`, a quote inside written
/// twice, and a quoted field may hold delimiters and line breaks. Lines end in LF or CRLF.
struct DelimitedText {
    let delimiter: Character

    /// The delimiter of a header line: `;` (RevenueCat's exports) when it holds one, else `,`.
    static func delimiter(ofHeader text: Substring) -> Character {
        let header = text.prefix { $0 != "\n" && $0 != "\r\n" }
        return header.contains(";") ? ";" : ","
    }

    func rows(_ text: String) throws -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var afterQuote = false
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            if quoted {
                if character == "\"" { quoted = false; afterQuote = true } else { field.append(character) }
                continue
            }
            switch character {
            case "\"":
                if afterQuote { field.append("\""); quoted = true; afterQuote = false }
                else if field.isEmpty { quoted = true }
                else { throw DelimitedTextError(row: rows.count + 1, problem: "a quote inside an unquoted field") }
            case delimiter:
                row.append(field); field = ""; afterQuote = false
            case "\n", "\r\n":
                row.append(field); field = ""; afterQuote = false
                if !(row.count == 1 && row[0].isEmpty) { rows.append(row) }
                row = []
            default:
                if afterQuote { throw DelimitedTextError(row: rows.count + 1, problem: "text after a closing quote") }
                field.append(character)
            }
        }
        if quoted { throw DelimitedTextError(row: rows.count + 1, problem: "a quoted field is not closed") }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}

/// Delimited text that cannot be read, with the row (1-based, the header being 1) where it broke.
struct DelimitedTextError: Error, CustomStringConvertible {
    let row: Int
    let problem: String

    var description: String { "row \(row): \(problem)" }
}
