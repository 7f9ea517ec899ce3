/// Why a store report could not be read. Every problem with a file is one of these, never a crash: a report
/// comes from outside and may be truncated, from another tool, or hostile.
public enum StoreReportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file has no header line.
    case empty
    /// The header matches none of the reports Perennial reads.
    case unrecognisedReport
    /// The file is not UTF-8 or UTF-16 text.
    case notText
    /// A column the report needs is not in its header.
    case missingColumn(String)
    /// A quoted field opened on `line` never closes.
    case unterminatedQuote(line: Int)
    /// A field longer than the tokenizer accepts starts on `line`.
    case fieldTooLong(line: Int)
    /// A line has more fields than the tokenizer accepts.
    case tooManyFields(line: Int)
    /// The file has more lines than the tokenizer accepts.
    case tooManyLines
    /// A field that must be a number is not one (or is not a whole number of units).
    case badNumber(column: String, line: Int, value: String)
    /// A field that must be a date is not one.
    case badDate(column: String, line: Int, value: String)

    public var description: String {
        switch self {
        case .empty: "the report is empty"
        case .unrecognisedReport: "the header is not that of any store report this server reads"
        case .notText: "the report is not UTF-8 or UTF-16 text"
        case .missingColumn(let name): "the report has no \"\(name)\" column"
        case .unterminatedQuote(let line): "line \(line): a quoted field never closes"
        case .fieldTooLong(let line): "line \(line): a field is too long"
        case .tooManyFields(let line): "line \(line): too many fields"
        case .tooManyLines: "the report has too many lines"
        case .badNumber(let column, let line, let value): "line \(line): \"\(column)\" is not a valid number: \(Self.excerpt(value))"
        case .badDate(let column, let line, let value): "line \(line): \"\(column)\" is not a valid date: \(Self.excerpt(value))"
        }
    }

    /// A value quoted in a message, cut short: a hostile field must not flood the terminal.
    static func excerpt(_ value: String) -> String {
        value.count <= 40 ? "\"\(value)\"" : "\"\(value.prefix(40))…\""
    }
}
