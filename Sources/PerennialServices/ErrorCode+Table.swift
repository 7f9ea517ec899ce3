extension ErrorCode {
    /// README.md's table of error codes, one row per code in the list's order: `perennial error-codes`
    /// prints it, and a test checks the README holds exactly this.
    public static var markdownTable: String {
        var rows = ["| code | status | meaning |", "|---|---|---|"]
        for code in allCases {
            rows.append("| `\(code.rawValue)` | \(code.kind.httpStatus) | \(code.meaning) |")
        }
        return rows.joined(separator: "\n") + "\n"
    }
}
