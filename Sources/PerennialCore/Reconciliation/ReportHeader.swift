/// A report's header line: finds columns by name, never by position, so a column Apple or Google adds or
/// moves changes nothing. Names compare trimmed and case-insensitively; unknown columns are ignored.
public struct ReportHeader: Sendable {
    /// The column names as the file spells them.
    public let names: [String]
    private let positions: [String: Int]

    public init(_ names: [String]) {
        self.names = names
        var positions: [String: Int] = [:]
        for (position, name) in names.enumerated() {
            let key = Self.key(name)
            if positions[key] == nil { positions[key] = position }
        }
        self.positions = positions
    }

    /// Whether the header has a column of this name.
    public func contains(_ name: String) -> Bool { positions[Self.key(name)] != nil }

    /// The position of a column the report needs; `StoreReportError.missingColumn` names it when absent.
    public func require(_ name: String) throws -> Int {
        guard let position = positions[Self.key(name)] else { throw StoreReportError.missingColumn(name) }
        return position
    }

    /// The position of a column the report may lack.
    public func optional(_ name: String) -> Int? { positions[Self.key(name)] }

    /// The trimmed value at `position` of a record (empty when the line is short).
    public static func value(_ record: DelimitedText.Record, _ position: Int?) -> String {
        guard let position, position < record.fields.count else { return "" }
        return record.fields[position].trimmingCharacters(in: .whitespaces)
    }

    /// Whether every field of the record is blank (a trailing line of separators).
    public static func isBlank(_ record: DelimitedText.Record) -> Bool {
        record.fields.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    static func key(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
