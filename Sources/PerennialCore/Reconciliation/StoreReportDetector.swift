/// Recognises a store report among the formats a server knows, from its first line.
public enum StoreReportDetector {
    /// The format of `formats` whose header this is.
    public static func format(of header: [String], among formats: [any StoreReportFormat]) -> (any StoreReportFormat)? {
        let header = ReportHeader(header)
        return formats.first { $0.recognises(header) }
    }

    /// The format of `formats` whose first line this text starts with: tab-separated when the line has a
    /// tab, else comma-separated.
    public static func format(utf8 bytes: [UInt8], among formats: [any StoreReportFormat]) throws -> any StoreReportFormat {
        let end = bytes.firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? bytes.endIndex
        let first = Array(bytes[..<min(end, 65_536)])
        guard !first.isEmpty else { throw StoreReportError.empty }
        let dialect: DelimitedText = first.contains(UInt8(ascii: "\t")) ? .tabSeparated : .commaSeparated
        guard let header = try dialect.records(utf8: first).first, let format = format(of: header.fields, among: formats) else {
            throw StoreReportError.unrecognisedReport
        }
        return format
    }
}
